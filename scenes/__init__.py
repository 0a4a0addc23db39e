"""Fantasy Racing's pygame face, in layers (each imports only those before it; tests/test_layers.py):
`core` (the scene stack, assets, audio, words, controls, theme, text, the platform interface),
`bridges` (threads and processes: the network's loop, the thinker, the desktop platform), `ui`
(widgets), `render` (drawing the board and the animations), `race` (the race screen), `screens`
(the other screens), and at the top `app` (the window that wires them) and `screenshots`.

The rules live in `game/`; scenes only draw the race's state and events and
pass the players' choices back to it.
"""

from scenes.core import platform


def _desktop() -> platform.Platform:
    from scenes.bridges.desktop import Desktop

    return Desktop()


platform.use_by_default(_desktop)
