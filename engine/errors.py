"""Errors that say which rule was broken, in words a player understands."""

from __future__ import annotations


class RuleViolation(ValueError):
    """An illegal action: ``reason`` is a stable code, ``str(err)`` a plain sentence."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message

    def __repr__(self) -> str:
        return f"RuleViolation({self.reason!r}, {self.message!r})"


class LoadError(ValueError):
    """Saved data that cannot be read: corrupted, tampered with or from elsewhere."""
