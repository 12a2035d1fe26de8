"""``python -m ginrules``: the command line (see :mod:`ginrules.cli`)."""

from ginrules.cli import main

raise SystemExit(main())
