from tessel.language import *  # noqa: F401,F403
from tessel.language import constexpr  # noqa: F401
