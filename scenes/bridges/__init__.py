"""Where the frame loop meets other threads.

A frame never waits: whatever runs elsewhere (the network's event loop, a computer racer thinking)
runs on a thread of its own, and the scenes call it through a bridge whose methods only post work to
that thread or read, from a thread-safe queue, what it left there.

- `network`: the network's event loop on a background thread (`Background`), the window's host
  (`Hosting`: THE host of game/net/host.py, its screen a local client) and the window's client
  (`Connection`).
- `thinker`: a computer racer of the window's own race thinking on a worker thread (`Thinker`).
"""
