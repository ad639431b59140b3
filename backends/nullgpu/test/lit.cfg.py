# lit suite for the null GPU backend; shared settings in tests/lit/common.cfg.py.
import os

config.name = "nullgpu-backend"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
