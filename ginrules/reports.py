"""``ginrules.reports``, the path of earlier releases: the module is now
:mod:`ginrules.coach.reports`, whose public names (its ``__all__``) this re-exports,
so that code written against the old path keeps running (ARCHITECTURE.md)."""

from ginrules.coach.reports import *  # noqa: F403 (the moved module's __all__, re-exported)
from ginrules.coach.reports import __all__ as __all__
