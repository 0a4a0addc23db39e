"""The race in words: log lines for events and labels for decisions' options."""

from __future__ import annotations

from game.characters import CHARACTERS
from game.objects import NAMES

CAUSE_WORDS = {"movement": "moves", "action": "moves", "coins": "walks on his coins", "drift": "drifts",
               "recoil": "is thrown back", "shortcut": "takes the shortcut", "hole": "climbs out",
               "teleport": "teleports", "lightning": "is struck back", "flail": "is lashed back",
               "star": "is knocked back", "put_back": "is put back", "tactical": "steps aside",
               "bottle": "drinks and runs", "syringe": "injects and runs"}
RESULTS = {"defeat": "defeat", "simple": "simple victory", "crushing": "crushing victory"}
BABY = {"beer": "drinks a bottle of beer", "poo": "does a poo", "sleep": "falls asleep", "cry": "cries loudly"}


def object_name(obj: str) -> str:
    """An object's name in words."""
    return NAMES.get(obj, (obj.replace("_", " ").capitalize(),))[0]


def square_words(square) -> str:
    """A square as a player reads it."""
    return f"column {square[1] + 1}, row {square[0] + 1}"


def describe(event, race) -> str | None:
    """One log line for an event, or None for events the log does not need."""
    def name(i):
        return race.racers[i].name if i is not None and 0 <= i < len(race.racers) else "nobody"
    k, e = event.kind, event
    if k == "turn_started":
        return f"— Game turn {e.turn} of {race.turns} —"
    if k == "respawned":
        return f"The objects and chests are back on {len(e.squares)} squares."
    if k == "racer_turn":
        return f"{name(e.racer)}'s turn."
    if k == "rolled":
        return f"{name(e.racer)} rolls {', '.join(f'{d} {f}' for d, f in zip(e.die, e.faces))}" \
               f"{' (' + e.purpose.replace('_', ' ') + ')' if e.purpose not in ('movement',) else ''}."
    if k == "clover_used":
        return f"{name(e.racer)} plays a clover: the {e.die} turns from {e.face} to {e.flipped}."
    if k == "lucky":
        return f"A double! {name(e.racer)} is lucky and gains a clover."
    if k == "sprinter":
        return f"Double of highest faces: {name(e.racer)} is the lucky sprinter!"
    if k == "moved" and e.path:
        return f"{name(e.racer)} {CAUSE_WORDS.get(e.cause, 'moves')} {len(e.path)} square" \
               f"{'s' if len(e.path) > 1 else ''}."
    if k == "placed" and e.start != e.end:
        return f"{name(e.racer)} {CAUSE_WORDS.get(e.cause, 'is placed')} to {square_words(e.end)}."
    if k == "scored":
        sign = "+" if e.points > 0 else ""
        return f"{name(e.racer)}: {sign}{e.points} ({e.cause.replace('_', ' ')}), {e.total} points."
    if k == "crossed_line":
        return (f"{name(e.racer)} crosses the finish line: one more lap!" if e.forward
                else f"{name(e.racer)} crosses the finish line backwards: a lap undone.")
    if k == "picked_up":
        return f"{name(e.racer)} picks up a {object_name(e.object).lower()}."
    if k == "chest_opened":
        return f"{name(e.racer)} opens a chest: {object_name(e.object)}!"
    if k == "object_dropped":
        return f"{name(e.racer)} drops the {object_name(e.object).lower()}."
    if k == "object_used":
        return f"{name(e.racer)} uses the {object_name(e.object).lower()}."
    if k == "trap_sprung":
        if e.trap == "disarmed":
            return f"{name(e.racer)} disarms {name(e.owner)}'s trap and keeps it."
        return f"{name(e.racer)} steps on a {'poo' if e.trap == 'poo' else 'trap'}!"
    if k == "trap_laid":
        return f"{name(e.racer)} lays a {'poo' if e.trap == 'poo' else 'trap'}."
    if k == "trap_destroyed":
        return "A trap is destroyed."
    if k == "fell":
        return f"{name(e.racer)} falls into a hole!"
    if k == "shortcut":
        way = "forward" if e.rows > 0 else "back"
        return f"Shortcut: D10 shows {e.face}, {name(e.racer)} jumps {abs(e.rows)} rows {way}."
    if k == "fight":
        return f"Fight! {name(e.attacker)} attacks {name(e.defender)}."
    if k == "fight_result":
        return f"{RESULTS.get(e.result, e.result).capitalize()}: {name(e.winner)} beats {name(e.loser)}."
    if k == "shock":
        by = f" from {name(e.author)}" if e.author is not None and e.author != e.racer else ""
        return f"{name(e.racer)} suffers a {e.size} shock{by}."
    if k == "shield_used":
        return f"{name(e.racer)} raises a magic shield."
    if k == "barrier_destroyed":
        return "A barrier is smashed to pieces."
    if k == "coins_spent":
        return f"{name(e.racer)} spends {e.coins} coin{'s' if e.coins > 1 else ''} to walk {e.squares} squares."
    if k == "thrown":
        return f"{name(e.racer)} throws the {object_name(e.object).lower()}."
    if k == "fireball":
        return f"{name(e.racer)}'s fireball flies over {len(e.path)} squares."
    if k == "lightning":
        return f"Lightning from {name(e.racer)} strikes {len(e.targets)} racer{'s' if len(e.targets) != 1 else ''}."
    if k == "flail":
        return f"{name(e.racer)} lashes out with his flail."
    if k == "baby":
        return f"{name(e.racer)} {BABY.get(e.action, e.action)}."
    if k == "race_over":
        return "The race is over!"
    return None


def option_label(decision, option, race) -> str:
    """The words on a decision's option button."""
    kind, r = decision.kind, race.racers[decision.racer]
    if kind == "move":
        forward, side = option
        if side:
            return f"{forward} down, {abs(side)} {'left' if side < 0 else 'right'}"
        return f"{forward} square{'s' if forward != 1 else ''} down"
    if kind == "drift":
        dr, dc = option
        if (dr, dc) == (0, 0):
            return "Stay"
        return f"{abs(dr)} back {'left' if dc < 0 else 'right'}"
    if kind == "action":
        if option == "move":
            return f"Move {CHARACTERS[r.character].speed}"
        if option == "rest":
            return "Rest"
        if option == "coins":
            return "Spend coins"
        if option == "end":
            return "End turn"
        if option == "star":
            return "Throw a star"
        if ":" in option:
            return object_name(option.split(":", 1)[1])
        return option.replace("_", " ").capitalize()
    if kind == "coins":
        entry = decision.info.get("squares", {}).get(option, {})
        walked = entry.get("travelled", option * (option + 1) // 2)
        return f"{option} coin{'s' if option > 1 else ''}: {walked} sq"
    if kind == "shortcut_stop":
        return {"stop": "Stop here", "go_on": "Go on"}.get(option, option)
    if kind == "shield":
        return {"shield": "Shield (-2)", "take": "Take the shock"}.get(option, option)
    if kind == "reroll":
        return {"reroll": "Roll again", "accept": "Accept"}.get(option, option)
    if kind == "tactical":
        return "Stay" if option == 0 else f"{abs(option)} {'left' if option < 0 else 'right'}"
    if kind == "drop":
        return f"Drop {object_name(option).lower()}"
    if kind == "distance":
        return f"{option} square{'s' if option != 1 else ''}"
    if option == "end":
        return "End the path"
    if option == "undo":
        return "Undo"
    if option == "none":
        return "Nobody"
    if isinstance(option, tuple) and len(option) == 2:
        here = race.racers_at(option) if hasattr(race, "racers_at") else []
        who = ", ".join(x.name for x in here)
        return who or square_words(option)
    return str(option).replace("_", " ")


PROMPTS = {
    "clover": "Play clovers? Pick the dice to turn over, then validate.",
    "move": "Choose your move (a highest face may go in an L).",
    "drift": "Drift back diagonally, or stay.",
    "action": "Choose your action.",
    "coins": "How many coins to spend?",
    "shortcut_stop": "A shortcut! Stop on it (roll the D10) or go on?",
    "shield": "A shock is coming: use a shield?",
    "reroll": "Sore loser: make the attacker roll again?",
    "tactical": "Tactical move after the victory.",
    "drop": "Too many objects: drop one.",
    "target": "Choose a target.",
    "distance": "How far to run?",
    "path": "Draw the fireball's path, square by square.",
    "flail": "Lash an opponent with the flail?",
}


def prompt(decision, race) -> str:
    """What the acting racer is asked, in words."""
    text = PROMPTS.get(decision.kind, f"Choose ({decision.kind.replace('_', ' ')}).")
    if decision.kind == "clover":
        purpose = decision.info.get("purpose", "")
        if purpose == "chest":
            text = "A chest! Play a clover to take your alternative object instead?"
        elif purpose in ("combat", "combat_reroll"):
            text = "Fight! Play a clover to turn the combat die over?"
    obj = decision.info.get("object") if decision.kind in ("target", "distance", "path") else None
    if obj:
        text = f"{object_name(obj)}: {text[0].lower()}{text[1:]}"
    return f"{race.racers[decision.racer].name}: {text}"
