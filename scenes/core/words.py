"""The race in words: log lines for events and labels for decisions' options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast, overload

from game import Decision, Event, Option, Race
from game.rules import objects
from game.rules.characters import Character
from game.rules.state import Step
from scenes.core import i18n
from scenes.core.i18n import t

# placements that push a racer back a square or two: told by how far (the board shows no coordinates)
PUSHED_BACK = ("recoil", "lightning", "flail", "star")
# objects whose use the log tells once, when they are thrown ("Pip throws the axe.")
THROWN = (objects.AXE, objects.SPEAR, objects.THROWING_STAR)


class Catalogued:
    """Words looked up by id in the catalogue under a prefix: RESULTS.get("simple") is t("result.simple")."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    @overload
    def get(self, key: str) -> str | None: ...

    @overload
    def get(self, key: str, default: str) -> str: ...

    def get(self, key: str, default: str | None = None) -> str | None:
        """The words of `key` in the current language, or `default` when the catalogue has none."""
        name = f"{self.prefix}.{key}"
        return t(name) if i18n.has(name) else default

    def __getitem__(self, key: str) -> str:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: str) -> bool:
        return i18n.has(f"{self.prefix}.{key}")


RESULTS = Catalogued("result")  # defeat, simple victory, crushing victory
BABY = Catalogued("baby")  # what the baby does this turn


def object_name(obj: str) -> str:
    """An object's name in words (a label: capitalised)."""
    return i18n.object_name(obj)


def where_words(race: Race, start: Sequence[int], end: Sequence[int]) -> str:
    """Where a square lies from another, as a player sees it on the board: "5 rows down and 2 squares
    left" (never a column and row number: the board shows none)."""
    board = race.board
    here, there = (start[0], start[1]), (end[0], end[1])
    rows, columns = board.row_delta(here, there), board.col_delta(here, there)
    said = []
    if rows:
        said.append(t("log.where.down" if rows > 0 else "log.where.up", count=abs(rows)))
    if columns:
        said.append(t("log.where.right" if columns > 0 else "log.where.left", count=abs(columns)))
    if len(said) == 2:
        return t("log.where.both", rows=said[0], columns=said[1])
    return said[0] if said else t("log.where.same")


def die_name(die: str) -> str:
    """A die's name in words ("quick die"; the object die is the original's "dé cadeau" in French)."""
    return t(f"die.{die}") if i18n.has(f"die.{die}") else t("die.any")


def dice_words(dice: Sequence[str], faces: Sequence[int]) -> str:
    """A roll in words, alike dice together: "5 and 2 on the six-sided dice, 4 on the quick die"."""
    groups: list[tuple[str, list[int]]] = []
    for die, face in zip(dice, faces):
        if groups and groups[-1][0] == die:
            groups[-1][1].append(face)
        else:
            groups.append((die, [face]))
    parts = []
    for die, shown in groups:
        if len(shown) > 1 and i18n.has(f"dice.{die}"):
            listed = t("log.and", first=", ".join(map(str, shown[:-1])), last=shown[-1])
            parts.append(t("log.dice_faces", faces=listed, dice=t(f"dice.{die}")))
        else:
            parts.extend(t("log.die_face", die=die_name(die), face=face) for face in shown)
    return ", ".join(parts)


def result_words(result: str) -> str:
    """A fight's result in words (defeat, simple victory, crushing victory)."""
    return t(f"result.{result}") if i18n.has(f"result.{result}") else result


def describe(event: Event, race: Race) -> str | None:
    """One log line for an event, or None for events the log does not need."""

    def name(i: int | None) -> str:
        return race.racers[i].name if i is not None and 0 <= i < len(race.racers) else t("log.nobody")

    k, e = event.kind, event
    if k == "turn_started":
        return t("log.turn", turn=e.turn, turns=race.turns)
    if k == "respawned":
        return t("log.respawned", count=len(e.squares))
    if k == "racer_turn":
        return t("log.racer_turn", name=name(e.racer))
    if k == "rolled":
        dice = dice_words(e.die, e.faces)
        if e.purpose in ("movement",) or not i18n.has(f"purpose.{e.purpose}"):
            return t("log.rolled", name=name(e.racer), dice=dice)
        return t("log.rolled_for", name=name(e.racer), dice=dice, purpose=t(f"purpose.{e.purpose}"))
    if k == "clover_used":
        return t("log.clover", name=name(e.racer), die=die_name(e.die), face=e.face, flipped=e.flipped)
    if k == "lucky":
        return t("log.lucky", name=name(e.racer))
    if k == "sprinter":
        return t("log.sprinter", name=name(e.racer))
    if k == "moved" and e.cause == "coins":
        return None  # (the coins spent said how far: "Pip spends 1 coin to walk 1 square.")
    if k == "moved" and e.path:
        verb = t(f"move.{e.cause}") if i18n.has(f"move.{e.cause}") else t("move.moves")
        return t("log.moved", name=name(e.racer), verb=verb, squares=t("unit.squares", count=len(e.path)))
    if k == "placed" and e.start != e.end and e.cause in PUSHED_BACK:
        start, end = tuple(e.start), tuple(e.end)
        far = max(abs(race.board.row_delta(start, end)), abs(race.board.col_delta(start, end)))
        verb = t(f"move.{e.cause}")
        return t("log.moved", name=name(e.racer), verb=verb, squares=t("unit.squares", count=far))
    if k == "placed" and e.start != e.end and e.cause == "drift":
        start, end = tuple(e.start), tuple(e.end)
        dr, dc = race.board.row_delta(start, end), race.board.col_delta(start, end)
        if dr < 0 and dc:  # back diagonally, as its option said: "1 back left"
            where = _side("opt.drift", dc, rows=-dr)
            return t("log.moved", name=name(e.racer), verb=t("move.drift"), squares=where)
    if k == "placed" and e.start != e.end:
        verb = t(f"place.{e.cause}") if i18n.has(f"place.{e.cause}") else t("place.any")
        return t("log.placed", name=name(e.racer), verb=verb, square=where_words(race, e.start, e.end))
    if k == "scored":
        sign = "+" if e.points > 0 else ""
        cause = t(f"cause.{e.cause}") if i18n.has(f"cause.{e.cause}") else e.cause.replace("_", " ")
        return t(
            "log.scored", name=name(e.racer), points=f"{sign}{e.points}", cause=cause, total=e.total, count=e.total
        )
    if k == "crossed_line":
        return t("log.lap" if e.forward else "log.lap_back", name=name(e.racer))
    if k == "picked_up":
        return t("log.picked_up", name=name(e.racer), object=i18n.object_a(e.object))
    if k == "chest_opened":
        return t("log.chest", name=name(e.racer), object=object_name(e.object))
    if k == "object_dropped":
        return t("log.dropped", name=name(e.racer), object=i18n.object_the(e.object))
    if k == "object_used" and e.object in THROWN:
        return None  # (told when thrown, at its target)
    if k == "object_used":
        return t("log.used", name=name(e.racer), object=i18n.object_the(e.object))
    if k == "trap_sprung":
        if e.trap == "disarmed":
            return t("log.disarmed", name=name(e.racer), owner=name(e.owner))
        return t("log.sprung.poo" if e.trap == "poo" else "log.sprung.trap", name=name(e.racer))
    if k == "trap_laid":
        return t("log.laid.poo" if e.trap == "poo" else "log.laid.trap", name=name(e.racer))
    if k == "trap_destroyed":
        return t("log.trap_destroyed")
    if k == "fell":
        return t("log.fell", name=name(e.racer))
    if k == "shortcut":
        way = "log.shortcut.forward" if e.rows > 0 else "log.shortcut.back"
        return t(way, face=e.face, name=name(e.racer), count=abs(e.rows))
    if k == "fight":
        return t("log.fight", attacker=name(e.attacker), defender=name(e.defender))
    if k == "fight_result":
        result = t(f"result.{e.result}.title") if i18n.has(f"result.{e.result}.title") else e.result
        return t("log.fight_result", result=result, winner=name(e.winner), loser=name(e.loser))
    if k == "shock":
        size = "big" if e.size == "big" else "small"
        if e.author is not None and e.author != e.racer:
            return t(f"log.shock_from.{size}", name=name(e.racer), author=name(e.author))
        return t(f"log.shock.{size}", name=name(e.racer))
    if k == "shield_used":
        return t("log.shield", name=name(e.racer))
    if k == "barrier_destroyed":
        return t("log.barrier")
    if k == "coins_spent":
        return t(
            "log.coins",
            name=name(e.racer),
            coins=t("unit.coins", count=e.coins),
            squares=t("unit.squares", count=e.squares),
        )
    if k == "thrown":
        return t("log.thrown", name=name(e.racer), object=i18n.object_the(e.object))
    if k == "fireball":
        return t("log.fireball", name=name(e.racer), count=len(e.path))
    if k == "lightning":
        return t("log.lightning", name=name(e.racer), count=len(e.targets))
    if k == "flail":
        return t("log.flail", name=name(e.racer))
    if k == "baby":
        action = t(f"baby.{e.action}") if i18n.has(f"baby.{e.action}") else e.action
        return t("log.baby", name=name(e.racer), action=action)
    if k == "race_over":
        return t("log.race_over")
    return None


def speed_words(c: Character) -> str:
    """A character's speed on his card: "2 squares", or the dwarf's "1 square in odd turns, 2 in even
    turns" (game/rules/tuning.py)."""
    if c.even_speed == c.speed:
        return t("setup.speed_value", count=c.speed)
    return t("setup.speed_alternating", count=c.speed, even=c.even_speed)


def _side(key: str, shift: int, /, **values: object) -> str:
    """A sideways option: key.left for a negative shift, key.right for a positive one."""
    return t(f"{key}.{'left' if shift < 0 else 'right'}", **values)


def option_label(decision: Decision, option: Option, race: Race) -> str:
    """The words on a decision's option button."""
    kind = decision.kind
    if kind == "move":
        forward, side = cast(Step, option)  # (each kind's options are of one type: a move's a step)
        if side and not forward:  # a six all sideways
            return _side("opt.move.side", side, side=abs(side))
        if side:
            return _side("opt.move", side, forward=forward, side=abs(side))
        return t("opt.move.straight", count=forward)
    if kind == "drift":
        dr, dc = cast(Step, option)
        if (dr, dc) == (0, 0):
            return t("opt.stay")
        return _side("opt.drift", dc, rows=abs(dr))
    if kind == "action":
        option = cast(str, option)
        if option == "move":
            return t("opt.action.move", speed=race.speed_of(decision.racer, race.turn))
        if option in ("rest", "coins", "end", "star"):
            return t(f"opt.action.{option}")
        if ":" in option:
            return object_name(option.split(":", 1)[1])
        return object_name(option)
    if kind == "coins":
        option = cast(int, option)
        entry = decision.info.get("squares", {}).get(option, {})
        walked = entry.get("travelled", option * (option + 1) // 2)
        return t("opt.coins", count=option, walked=walked)
    if kind == "shortcut_stop":
        return t({"stop": "opt.stop", "go_on": "opt.go_on"}.get(cast(str, option), "opt.go_on"))
    if kind == "shield":
        return t({"shield": "opt.shield", "take": "opt.take"}.get(cast(str, option), "opt.take"))
    if kind == "reroll":
        return t({"reroll": "opt.reroll", "accept": "opt.accept"}.get(cast(str, option), "opt.accept"))
    if kind == "tactical":
        shift = cast(int, option)
        return t("opt.stay") if shift == 0 else _side("opt.tactical", shift, count=abs(shift))
    if kind == "drop":
        return t("opt.drop", object=i18n.object_the(cast(str, option)))
    if kind == "distance":
        return t("unit.squares", count=option)
    if option == "end":
        return t("opt.end_path")
    if option == "undo":
        return t("opt.undo")
    if option == "none":
        return t("opt.nobody")
    if isinstance(option, tuple) and len(option) == 2:
        here = race.racers_at(option) if hasattr(race, "racers_at") else []
        who = ", ".join(x.name for x in here)
        return who or where_words(race, race.racers[decision.racer].square, option)
    return object_name(str(option))


PROMPTS = (
    "clover",
    "move",
    "drift",
    "action",
    "coins",
    "shortcut_stop",
    "shield",
    "reroll",
    "tactical",
    "drop",
    "target",
    "distance",
    "path",
    "flail",
)  # decisions with their own question (prompt.<kind>)


def prompt(decision: Decision, race: Race) -> str:
    """What the acting racer is asked, in words."""
    if decision.kind in PROMPTS:
        text = t(f"prompt.{decision.kind}")
    else:
        text = t("prompt.generic", kind=decision.kind.replace("_", " "))
    if decision.kind == "clover":
        purpose = decision.info.get("purpose", "")
        if purpose == "chest":
            text = t("prompt.chest")
        elif purpose in ("combat", "combat_reroll"):
            text = t("prompt.combat")
    obj = decision.info.get("object") if decision.kind in ("target", "distance", "path") else None
    if obj:
        start = 1 if text.startswith(i18n.MARKS[0]) else 0
        text = t(
            "prompt.object",
            object=object_name(obj),
            text=text[:start] + text[start : start + 1].lower() + text[start + 1 :],
        )
    return t("prompt.racer", name=race.racers[decision.racer].name, text=text)
