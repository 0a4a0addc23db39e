"""The focused option of a decision, explained in words (game/explain.py works out what it does)."""

from __future__ import annotations

from typing import Any

from game import explain
from scenes import options, words
from scenes.i18n import t

SAME_SHOWN = 3  # the options merged into the focused one, named in its explanation (the others counted)
EFFECTS = ("axe", "spear", "trap", "throwing_star")  # objects whose target suffers something said in words


def option_lines(race: Any, decision: Any, option: Any, entry: Any = None) -> list[str]:
    """One to four short lines on what `option` will do, as far as it is known before the dice.
    `entry`: the panel's entry standing for it (its outcome worked out, the options merged into it)."""
    lines: list[str] = []
    if entry is not None:
        outcome, sure = entry.outcome, entry.sure
    else:
        sure = explain.foresee(race, decision, option) if decision.kind not in ("clover", "path") else None
        outcome = explain.move_outcome(race, decision, option, sure) if sure is not None else None
    if outcome is not None:
        squares = len(outcome.path)
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
                )
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
        victim = explain.flail_victim(race, decision, option)
        if victim is not None:
            lines.append(t("explain.flail", name=race.racers[victim].name))
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
        lines.append(t("explain.clover", count=len(option)) if option else t("explain.clover_none"))
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
