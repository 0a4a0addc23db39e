"""The players' own boards: a `boards/` folder in the per-user folder.

The game makes it on its first start with a README (how to draw a board)
and the tileset of the shipped boards, so that a board drawn there in Tiled
finds its tiles. The race setup lists the boards of this folder after the
shipped ones each time it opens; `main.py check-map` with no file checks
them. Nothing the player put in the folder is ever overwritten: the README
and the tileset are written only when they are missing.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from game import files
from game.app.folder import user_dir

log = logging.getLogger("fantasy-racing")

FOLDER = "boards"
README = "README.txt"
TILESET_FILES = ("fantasy-racing.tsx", "fantasy-racing.png")

README_TEXT = """\
Your boards for Fantasy Racing
==============================

Every board (.tmx file) you put in this folder is offered in the game's race
setup, after the boards that come with the game, each time the setup opens.
A board the game cannot use is listed too, with the sentence that says why.

Draw boards with the free Tiled map editor (https://www.mapeditor.org):

1. Start from a copy of a board that comes with the game (they have every
   layer already), for example {meadow}
   copied here under a new name; or make a new map in Tiled: orthogonal,
   not infinite, 32x32 pixel tiles, at least 8 columns by 16 rows.
2. Use the tileset of this folder, tilesets/fantasy-racing.tsx.
3. Paint a tile on the layer named after what the square is: ground (every
   square), barriers, rocks, holes, shortcuts, chests, coins, clovers,
   shields. An object layer "start" holds one point per racer on the top row.
4. Check your boards from a terminal, in the game's folder:
       fantasy-racing check-map          (the packaged game)
       python main.py check-map          (from the source)
   Each problem is one line naming the file, the layer, the column and row.
5. A friend's board, or a .zip pack of boards: drop it on the game's window
   (or run "add-board FILE"); each board is checked and what passes is
   copied here with its tileset.

The whole board contract is in docs/maps.md in the game's source.

Vos plateaux pour Fantasy Racing
================================

Chaque plateau (fichier .tmx) posé dans ce dossier est proposé dans la
préparation de la course, après ceux du jeu, à chaque ouverture. Un plateau
inutilisable est listé aussi, avec la phrase qui dit pourquoi. Dessinez-les
avec l'éditeur Tiled, en partant d'une copie d'un plateau du jeu ; le jeu de
tuiles est dans tilesets/ ; vérifiez-les avec « check-map » (voir plus haut).
Le plateau d'un ami, ou un paquet .zip de plateaux : déposez-le sur la
fenêtre du jeu (ou « add-board FICHIER ») ; chaque plateau est vérifié et
ceux qui passent sont copiés ici avec leur jeu de tuiles.
"""


def shipped_maps() -> Path:
    """The folder of the boards that ship with the game (beside the packages, or in the PyInstaller bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    return (Path(bundle) if bundle else Path(__file__).resolve().parent.parent.parent) / "maps"


def folder() -> Path:
    """Where the player's boards are (the per-user folder is made if needed; OSError when it cannot be)."""
    return user_dir() / FOLDER


def prepare() -> Path | None:
    """Make the boards folder with its README and tileset where they are missing; the folder.

    A folder that cannot be made or written (read-only home, a file in the
    way) is logged and left as it is (None when there is no folder at all):
    the game goes on with the shipped boards.
    """
    try:
        where = folder()
    except OSError as error:
        log.info("there is no boards folder: %s", error)
        return None
    try:
        home = user_dir()
        files.no_links(where / "tilesets", home)
        (where / "tilesets").mkdir(parents=True, exist_ok=True)
        readme = where / README
        if not readme.exists() and not readme.is_symlink():  # (a link planted there is left as it is)
            text = README_TEXT.format(meadow=shipped_maps() / "meadow.tmx")
            files.write_atomically(readme, text, replace=False, within=home)
        for name in TILESET_FILES:
            target = where / "tilesets" / name
            if not target.exists() and not target.is_symlink():
                picture = (shipped_maps() / "tilesets" / name).read_bytes()
                files.write_atomically(target, picture, replace=False, within=home)
    except OSError as error:
        log.warning("cannot prepare the boards folder %s: %s", where, error)
    return where


def board_files(where: Path | None = None) -> list[Path]:
    """The board files of the folder, by name (none when the folder is missing or unreadable)."""
    try:
        where = folder() if where is None else where
        # anything but a folder: a special file named .tmx is listed, and refused with its sentence
        return sorted((p for p in where.glob("*.tmx") if not p.is_dir()), key=lambda p: p.name.lower())
    except OSError:
        return []


def open_in_file_manager(where: Path) -> str | None:
    """Show the folder in the system's file manager (without waiting for it); None, or why it could not."""
    try:
        if sys.platform.startswith("win"):
            os.startfile(where)  # type: ignore[attr-defined]  # Windows only
            return None
        opener = "open" if sys.platform == "darwin" else shutil.which("xdg-open")
        if opener is None:
            return "no file manager opener (xdg-open) was found on this system"
        subprocess.Popen(
            [opener, str(where)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError as error:
        return str(error)
    return None
