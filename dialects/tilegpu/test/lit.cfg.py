# lit suite for the tilegpu dialect; shared settings in tests/lit/common.cfg.py.
import os

config.name = "tilegpu-dialect"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
