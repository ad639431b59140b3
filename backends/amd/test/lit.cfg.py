# lit suite for the AMD backend; shared settings in tests/lit/common.cfg.py.
import os

config.name = "amd-backend"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
