"""Who sits where: people (with names) and computer players, for playing together on one device."""
