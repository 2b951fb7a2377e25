"""The app under its old name: ``ui/boot.js`` pre-imports ``ui.controller`` (its PRE_IMPORTS list, which
another change owns); once it names ``ui.app`` this module can go."""

from ui.app import App as App
from ui.app import App as Controller

__all__ = ["App", "Controller"]
