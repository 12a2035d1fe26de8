"""``ginrules.table``, the path of earlier releases: the module is now
:mod:`ginrules.coach.table`, whose public names this re-exports, so that code
written against the old path keeps running (ARCHITECTURE.md lists these)."""

from ginrules.coach.table import (
    COMPUTER as COMPUTER,
)
from ginrules.coach.table import (
    MAX_DEAL as MAX_DEAL,
)
from ginrules.coach.table import (
    MAX_SEED as MAX_SEED,
)
from ginrules.coach.table import (
    SEATS as SEATS,
)
from ginrules.coach.table import (
    YOU as YOU,
)
from ginrules.coach.table import (
    BadSeedError as BadSeedError,
)
from ginrules.coach.table import (
    NotYourTurnError as NotYourTurnError,
)
from ginrules.coach.table import (
    Table as Table,
)
from ginrules.coach.table import (
    TakeBackError as TakeBackError,
)
from ginrules.coach.table import (
    deal_seed as deal_seed,
)
from ginrules.coach.table import (
    view_fields as view_fields,
)
