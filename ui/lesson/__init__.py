"""Learn to play: a guided first game on the real table, one short lesson per preset (issue 30)."""
