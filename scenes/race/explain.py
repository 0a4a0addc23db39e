"""What the screen shows, explained in words: the focused option of a decision (game/rules/explain.py
works out what it does), and every thing on the race screen a player may point at (a racer card's
badge, counters, objects and turn order, a die), each with the section of the rule book that
tells more (`Explained.section`, opened by `stack.make("rules", section=...)`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from game import Decision, Option, Race
from game.rules import chests, explain
from game.rules import effects as rules
from game.rules.characters import CHARACTERS
from game.rules.objects import TIER_CHANCES
from game.rules.rulebook import Rules
from scenes.core import i18n, theme, words
from scenes.core.i18n import t
from scenes.race import options
from scenes.race.options import Entry

SAME_SHOWN = 3  # the options merged into the focused one, named in its explanation (the others counted)
EFFECTS = ("axe", "spear", "trap", "throwing_star")  # objects whose target suffers something said in words


def option_lines(race: Race, decision: Decision, option: Option, entry: Entry | None = None) -> list[str]:
    """One to four short lines on what `option` will do, as far as it is known before the dice (an
    object used: what it does first). `entry`: the panel's entry standing for it (its outcome
    worked out, the options merged into it)."""
    lines: list[str] = []
    thing = option_thing(decision, option) if decision.kind == "action" else None
    if thing is not None:
        what = thing_words(race, thing)
        lines.append(t("explain.what", name=what.title, what=" ".join(what.lines)))
    if entry is not None:
        outcome, sure = entry.outcome, entry.sure
    else:
        sure = explain.foresee(race, decision, option) if decision.kind not in ("clover", "path") else None
        outcome = explain.move_outcome(race, decision, option, sure) if sure is not None else None
    if outcome is not None:
        squares = len(outcome.path)
        if decision.kind == "drift" and squares:  # a drift lands on one square, as far as its label says
            squares = max(abs(n) for n in cast(tuple[int, int], option))
        where = t("explain.walk", count=squares, points=f"{outcome.points:+d}") if squares else t("explain.stay")
        lines.append(f"{where}  ·  {lane_words(outcome)}")
        cut = entry.cut if entry is not None else (option, outcome) if outcome.stopped_by is not None else None
        if cut is not None:
            asked, walk = cut
            named = words.option_label(decision, asked, race)
            line = t(f"explain.stopped.{walk.stopped_by}", walked=len(walk.path), count=len(walk.intended))
            lines.append(t("explain.for", option=named, line=line))
        same = [words.option_label(decision, o, race) for o in (entry.same if entry is not None else ())]
        if len(same) > SAME_SHOWN:
            shown = ", ".join(same[:SAME_SHOWN])
            lines.append(t("explain.same_many", options=shown, count=len(same) - SAME_SHOWN))
        elif same:
            lines.append(t("explain.same", options=", ".join(same)))
        if outcome.waiting:
            lines.append(t("explain.waiting", what=", ".join(t(f"legend.{kind}.name") for kind in outcome.waiting)))
        if outcome.fight is not None:
            odds = outcome.fight
            lines.append(
                t(
                    "explain.fight",
                    attacker=race.racers[odds.attacker].name,
                    defender=race.racers[odds.defender].name,
                    simple=odds.simple,
                    crushing=odds.crushing,
                    defeat=odds.defeat,
                )  # each outcome with the shock it gives
            )
    target = explain.target_outcome(race, decision, option)
    if target is not None:
        if target.victim is not None:
            victim = race.racers[target.victim]
            effect = t(f"explain.effect.{target.item}") if target.item in EFFECTS else ""
            lines.append(t("explain.hits", name=victim.name, points=victim.points, effect=effect).rstrip(" :"))
        elif target.destroys is not None:
            lines.append(t(f"explain.destroys.{target.destroys}"))
        else:
            lines.append(t("explain.placed_there"))
    if decision.kind == "flail":
        flailed = explain.flail_victim(race, decision, option)
        if flailed is not None:
            lines.append(t("explain.flail", name=race.racers[flailed].name))
        else:
            lines.append(t("explain.flail_none"))
    if decision.kind == "path" and option != "undo":
        victims = explain.path_victims(race, decision, option)
        names = ", ".join(race.racers[v].name for v in victims)
        lines.append(t("explain.path", names=names) if victims else t("explain.path_nobody"))
    if decision.kind == "reroll":
        lines.append(t(f"explain.reroll.{option}", result=words.RESULTS.get(decision.info.get("result", ""), "")))
    if decision.kind == "drop":
        lines.append(t("explain.drop", name=words.object_name(str(option))))
    if decision.kind == "clover":
        lines.append(
            t("explain.clover", count=len(cast(tuple[int, ...], option))) if option else t("explain.clover_none")
        )
    if decision.kind == "shield":
        lines.append(t(f"explain.shield.{option}", size=t(f"explain.size.{decision.info.get('size', 'small')}")))
    if decision.kind == "shortcut_stop":
        lines.append(t(f"explain.shortcut.{option}", count=decision.info.get("left", 0)))
    costs = options.all_costs(sure)
    if costs and decision.kind != "shield":  # (a shield's cost is its line)
        lines.append(t("explain.cost", cost=costs))
    if decision.kind == "action":
        reasons = explain.why_not(race, decision.racer)
        if reasons:
            lines.append(t("explain.not_offered", items="; ".join(_reason(item, why) for item, why in reasons.items())))
    return lines


def lane_words(outcome: Any) -> str:
    """The lane ahead of where a move ends: its free squares and what ends them (a hole is no free square)."""
    if outcome.lane_end is None:
        return t("explain.lane", count=outcome.lane)
    if outcome.lane == 0:
        return t(f"explain.ahead.{outcome.lane_end}")
    return t(f"explain.lane_end.{outcome.lane_end}", count=outcome.lane)


def _reason(item: str, why: Any) -> str:
    name = t("explain.stars") if item == "star" else words.object_name(item)
    if isinstance(why, tuple):
        return t("explain.resting", name=name, turn=why[1])
    return t(f"explain.{why}", name=name)


# ---------------------------------------------------------------- the things on the screen
SECTIONS = ("goal", "turn", "moving", "drift", "action", "fights", "objects", "chests", "characters", "championship")
DIE_SECTIONS = {"D6": "moving", "DRAPID": "moving", "D10": "moving", "D3": "objects", "DCOMBAT": "fights"}
DIE_SECTIONS.update({"DOBJ": "chests", "DTHEFT": "characters", "beer": "characters", "d100": "chests"})
KIND_SECTIONS = {"order": "turn", "racer": "characters", "points": "goal", "tier": "chests", "stars": "characters"}
KIND_SECTIONS.update({"poisoned": "characters", "baby": "characters"})
CHARACTER_OBJECTS = frozenset({"wand_of_teleportation", "wand_of_fire", "throwing_star"})  # a character's own
PHASE_SECTIONS = {"movement": "moving", "drift": "drift", "action": "action"}


@dataclass(frozen=True)
class Explained:
    """A thing in words: its title, what it is and does, and its section of the rule book."""

    title: str
    lines: tuple[str, ...]
    section: str


@cache
def _numbers(book: Rules | None = None) -> dict[str, Any]:
    """The tables' numbers the words name (ranges, points, chances), by a race's rules (None: this game's)."""
    values: dict[str, Any] = (book or Rules.of()).numbers()
    values.update(FIRE_RANGE=rules.FIRE_RANGE, LIGHTNING_POINTS=rules.LIGHTNING_POINTS)
    values.update(THEFT_SUCCESS=chests.THEFT_SUCCESS)
    return values


def section_of(thing: tuple[Any, ...]) -> str:
    """The rule book's section that tells more about a thing."""
    kind = thing[0]
    if kind == "die":
        return DIE_SECTIONS.get(thing[1], "moving")
    if kind == "counter":
        return "action" if thing[2] == "coin" else "objects"
    if kind == "object":
        return "characters" if thing[2] in CHARACTER_OBJECTS else "objects"
    return KIND_SECTIONS.get(kind, "goal")


@cache
def _section_titles(language: str) -> dict[str, str]:
    from scenes.core.rule_book import book_text, parse, sections

    return dict(sections(parse(book_text(language))))


def section_title(section: str) -> str:
    """A section's title in the rule book of the current language."""
    return _section_titles(i18n.language()).get(section, section)


def object_words(obj: str) -> str:
    """What an object does, in a sentence or two."""
    if obj in ("clover", "shield", "coin"):
        return t(f"thing.what.{obj}")
    key = f"thing.what.{obj}"
    return t(key, **_numbers()) if i18n.has(key) else ""


def odds_words(simple: int, crushing: int, defeat: int) -> str:
    """A fight's chances, each outcome with the shock it gives."""
    return t("odds.shocks", simple=simple, crushing=crushing, defeat=defeat)


def thing_words(race: Race, thing: tuple[Any, ...], order: Any = (), points: dict[int, int] | None = None) -> Explained:
    """A thing of the race screen explained: `thing` is a card's part (scenes/race/hud.py `card_parts`)
    or ("die", die name); `order` the turn order shown, `points` the points shown."""
    kind, section = thing[0], section_of(thing)
    lines: list[str] = []
    if kind == "die":
        title = words.die_name(thing[1]).capitalize()
        key = f"thing.die.{thing[1]}"
        lines.append(t(key, **_numbers(race.rules)) if i18n.has(key) else "")
        return Explained(title, tuple(lines), section)
    r = race.racers[thing[1]]
    if kind == "order":
        place = list(order).index(r.index) + 1 if r.index in order else 0
        words_place = t(f"results.place.{place}") if 1 <= place <= 6 else t("results.place.other", place=place)
        title = t("thing.order.title", place=words_place) if place else t("thing.order.none")
        lines.append(t("thing.order.what"))
    elif kind == "racer":
        c = CHARACTERS[r.character]
        title = t("thing.racer.title", name=r.name, character=i18n.character(r.character))
        lines.append(t("thing.racer.speed", count=race.rules.speed_of(c.id, 1)))
        lines.append(t("thing.racer.combat", odds=odds_words(c.simple, c.crushing, c.defeat)))
        lines += [i18n.rule_text(rule, race.rules) for rule in c.rules]
    elif kind == "points":
        count = (points or {}).get(r.index, r.points)
        title = t("thing.points.title", count=count)
        lines.append(t("thing.points.what"))
    elif kind == "tier":
        tier = race.tier(r.index)
        title = t("thing.tier.title", name=t(f"tier.{tier}"), symbol=theme.TIER_SYMBOLS[tier])
        powerful, modest = TIER_CHANCES[tier]
        lines.append(t("thing.tier.what", who=t(f"tier.who.{tier}"), powerful=powerful, modest=modest))
    elif kind == "counter":
        name = thing[2]
        held = {"clover": r.inventory.clovers, "shield": r.inventory.shields, "coin": r.inventory.coins}[name]
        title = t(f"thing.counter.{name}", count=held)
        lines.append(object_words(name))
    elif kind == "stars":
        title = t("thing.stars", count=getattr(r, "stars", 0))
        lines.append(object_words("throwing_star"))
    elif kind == "object":
        title = words.object_name(thing[2])
        lines.append(object_words(thing[2]))
    elif kind in ("poisoned", "baby"):
        title = t(f"thing.{kind}")
        lines.append(t(f"thing.what.{kind}", **_numbers(race.rules)))
    else:
        title = kind
    return Explained(title, tuple(line for line in lines if line), section)


def option_thing(decision: Decision, option: Option | None) -> tuple[Any, ...] | None:
    """The thing an option of a decision is about, to explain it and open its rule (an object used,
    coins spent, a star thrown, a shield raised), or None."""
    racer = decision.racer
    if decision.kind == "action" and isinstance(option, str):
        if ":" in option:
            return ("object", racer, option.split(":", 1)[1])
        if option == "coins":
            return ("counter", racer, "coin")
        if option == "star":
            return ("stars", racer)
    if decision.kind in ("target", "distance", "path") and decision.info.get("object"):
        return ("object", racer, decision.info["object"])
    if decision.kind == "shield":
        return ("counter", racer, "shield")
    if decision.kind == "drop":
        return ("object", racer, option)
    return None


def decision_section(decision: Decision, option: Option | None) -> str:
    """The rule book's section of a decision's option (F1 on the decision panel)."""
    thing = option_thing(decision, option)
    if thing is not None:
        return section_of(thing)
    kinds = {"move": "moving", "drift": "drift", "action": "action", "coins": "action", "tactical": "fights"}
    kinds.update({"reroll": "characters", "flail": "characters", "shortcut_stop": "moving", "clover": "objects"})
    return kinds.get(decision.kind, "goal")
