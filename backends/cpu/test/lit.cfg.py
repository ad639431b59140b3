# lit suite for the CPU backend's passes; shared settings in tests/lit/common.cfg.py.
import os

config.name = "cpu-backend"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
