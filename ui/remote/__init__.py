"""Playing together on several devices in one room: the host holds the game, guests get their seat's view."""
