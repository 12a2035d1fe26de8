"""``ginrules.hints``, the path of earlier releases: the module is now
:mod:`ginrules.coach.hints`, whose public names (its ``__all__``) this re-exports,
so that code written against the old path keeps running (ARCHITECTURE.md)."""

from ginrules.coach.hints import *  # noqa: F403 (the moved module's __all__, re-exported)
from ginrules.coach.hints import __all__ as __all__
