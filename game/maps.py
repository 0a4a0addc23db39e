"""Loading boards drawn in Tiled (being written for issue 3)."""

from game.board import BoardError


def load_board(path):
    """Read a Tiled board; see MAPS.md."""
    raise BoardError(f"{path}: Tiled boards are not readable yet")
