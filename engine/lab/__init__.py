"""The lab: command-line tools around the engine, never shipped with the site.

``cli`` (``python -m engine ...``), ``terminal`` (play in a terminal), ``arena`` (levels against
each other), ``simulate`` (random playouts), ``invariants`` (card conservation and the other checks
the playouts and tests run) and ``botgame`` (the one loop that lets computer players play a game).
"""
