"""Fantasy Racing's pygame face: the scene stack, one module per screen,
widgets in `scenes.ui` and board drawing in `scenes.render`.

The rules live in `game/`; scenes only draw the race's state and events and
pass the players' choices back to it.
"""
