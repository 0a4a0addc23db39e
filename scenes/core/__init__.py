"""The window's core: the scene stack, assets, audio, words and languages, controls and
gamepads, the theme and text. Imports nothing else of scenes/."""
