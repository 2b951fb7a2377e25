"""``python -m engine``: the command-line tools of ``engine.lab.cli``."""

from .lab.cli import main

raise SystemExit(main())
