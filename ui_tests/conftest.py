"""The same Hypothesis settings as the engine's tests (no deadline: see tests/conftest.py)."""

from __future__ import annotations

import tests.conftest  # noqa: F401  (registers and loads the profile)
