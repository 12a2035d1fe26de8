"""``ginrules.reports``, the path of earlier releases: the module is now
:mod:`ginrules.coach.reports`, whose public names this re-exports, so that code
written against the old path keeps running (ARCHITECTURE.md lists these)."""

from ginrules.coach.reports import (
    DealLog as DealLog,
)
from ginrules.coach.reports import (
    Hand as Hand,
)
from ginrules.coach.reports import (
    PlayerKind as PlayerKind,
)
from ginrules.coach.reports import (
    deal_log as deal_log,
)
from ginrules.coach.reports import (
    deal_log_report as deal_log_report,
)
from ginrules.coach.reports import (
    hand as hand,
)
from ginrules.coach.reports import (
    hand_report as hand_report,
)
from ginrules.coach.reports import (
    players as players,
)
from ginrules.coach.reports import (
    score_sheet_report as score_sheet_report,
)
from ginrules.coach.reports import (
    showdown_report as showdown_report,
)
