# lit suite for the Intel backend; shared settings in tests/lit/common.cfg.py.
import os

config.name = "intel-backend"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
