"""The game's screens but the race's: title, setup, lobbies, settings, results, replays..."""
