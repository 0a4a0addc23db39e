"""The application without a screen: the player's folder (saves, seasons, replays: `userdata`), his
settings (`settings`), his boards (`userboards`) and the window game's log (`logs`). No pygame."""
