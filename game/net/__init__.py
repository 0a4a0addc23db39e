"""Races over the network (docs/network.md), pure asyncio: no pygame, no threads of its own.

- `protocol`: the messages and their schemas, `parse` and `check`, the limits, room codes, names and
  addresses.
- `host`: THE authoritative host of a race (`Host`): seats, the takeover clock, a choice checked
  once where it enters, the race built once from its seats and seed, and driven to its end.
- `server`: the WebSocket transport (`Server`, one host or several rooms; `serve_rooms` for
  `main.py serve`).
- `local`: the in-process transport: the window host's own screen as a client of its host.
- `client`: a client's side (`Follower`, the race rebuilt from the host's messages; `join`, a
  terminal's client; `kept_race`, a race to finish alone).

The window runs these on an event loop beside its frame loop: scenes/bridges/network.py.
"""
