"""``ginrules.hints``, the path of earlier releases: the module is now
:mod:`ginrules.coach.hints`, whose public names this re-exports, so that code
written against the old path keeps running (ARCHITECTURE.md lists these)."""

from ginrules.coach.hints import (
    DEAL_POINTS as DEAL_POINTS,
)
from ginrules.coach.hints import (
    HINT_REASONS as HINT_REASONS,
)
from ginrules.coach.hints import (
    MAX_TURNS as MAX_TURNS,
)
from ginrules.coach.hints import (
    MAX_WORLDS as MAX_WORLDS,
)
from ginrules.coach.hints import (
    MIN_WORLDS as MIN_WORLDS,
)
from ginrules.coach.hints import (
    ROLLOUTS as ROLLOUTS,
)
from ginrules.coach.hints import (
    STEP as STEP,
)
from ginrules.coach.hints import (
    hints as hints,
)
from ginrules.coach.hints import (
    table_hints as table_hints,
)
from ginrules.coach.hints import (
    win_chance as win_chance,
)
from ginrules.coach.hints import (
    worlds_per_move as worlds_per_move,
)
