"""``python -m engine``: see ``engine.cli``."""

from .cli import main

raise SystemExit(main())
