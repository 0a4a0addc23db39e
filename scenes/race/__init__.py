"""The race screen in parts (see scene.py): the scene, the playback of the events, the camera,
the drawing, the seats (who answers each decision) and the guide (what leads the race from above).
"""

from scenes.race.scene import RaceScene

__all__ = ["RaceScene"]
