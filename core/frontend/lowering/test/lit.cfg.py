# lit suite for the frontend's lowering to tile IR: `tessel compile` on whole
# kernels, with FileCheck pinning the parts of the IR that matter. Shared
# settings in tests/lit/common.cfg.py; the kernels themselves live in
# core/frontend/test/kernels and carry no RUN lines.
import os

config.name = "frontend-lowering"
config.test_source_root = os.path.dirname(__file__)
lit_config.load_config(config, os.environ["TESSEL_LIT_COMMON"])
config.suffixes = [".test"]
