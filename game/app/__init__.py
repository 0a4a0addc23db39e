"""The application around the engine that needs no screen: the game session (what is being played
and when it is saved), the player's files (settings, saves, championships, replays) and logging.

Nothing here imports pygame: the window (`scenes/`) and the command line (`main.py`) both use it.
"""
