"""``ginrules.exercises``, the path of earlier releases: the module is now
:mod:`ginrules.coach.exercises`, whose public names this re-exports, so that code
written against the old path keeps running (ARCHITECTURE.md lists these)."""

from ginrules.coach.exercises import (
    HOLLYWOOD_LEVEL as HOLLYWOOD_LEVEL,
)
from ginrules.coach.exercises import (
    KINDS as KINDS,
)
from ginrules.coach.exercises import (
    LEVELS as LEVELS,
)
from ginrules.coach.exercises import (
    MAX_SEED as MAX_SEED,
)
from ginrules.coach.exercises import (
    Exercise as Exercise,
)
from ginrules.coach.exercises import (
    ExerciseError as ExerciseError,
)
from ginrules.coach.exercises import (
    Step as Step,
)
from ginrules.coach.exercises import (
    Verdict as Verdict,
)
from ginrules.coach.exercises import (
    arrangement_work as arrangement_work,
)
from ginrules.coach.exercises import (
    candidate_arrangements as candidate_arrangements,
)
from ginrules.coach.exercises import (
    check_answer as check_answer,
)
from ginrules.coach.exercises import (
    difficulty as difficulty,
)
from ginrules.coach.exercises import (
    kinds_for as kinds_for,
)
from ginrules.coach.exercises import (
    make_exercise as make_exercise,
)
