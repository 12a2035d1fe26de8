"""``ginrules.tutor``, the path of earlier releases: the module is now
:mod:`ginrules.coach.tutor`, whose public names this re-exports, so that code
written against the old path keeps running (ARCHITECTURE.md lists these)."""

from ginrules.coach.tutor import (
    EXPERT_REASONS as EXPERT_REASONS,
)
from ginrules.coach.tutor import (
    WHY_NOT as WHY_NOT,
)
from ginrules.coach.tutor import (
    action_dict as action_dict,
)
from ginrules.coach.tutor import (
    outs as outs,
)
from ginrules.coach.tutor import (
    tutor as tutor,
)
