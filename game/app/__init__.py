"""The application around the engine that needs no screen: the game session (what is being played
and when it is saved: `session`, which owns the player's folder, `folder.PlayerFolder`), the player's
files (saves, championships, replays: `userdata`; his settings: `settings`; his boards: `userboards`)
and the window game's log (`logs`).

Nothing here imports pygame: the window (`scenes/`) and the command line (`main.py`) both use it.
"""
