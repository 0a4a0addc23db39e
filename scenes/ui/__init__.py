"""Widgets of the game's screens: text, buttons, menus, panels, focus."""
