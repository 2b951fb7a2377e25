"""Hypothesis gives no example a deadline: the unit tests run beside the WebKit/Firefox lane (tools/test.sh), so an
example's time says how busy the machine is, not how fast the code is (speed is measured in bench/)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("handfoot", deadline=None)
settings.load_profile("handfoot")
