"""What happened in a race: small immutable records for the screen, the log and tests.

Every event has a `kind` from `EVENT_KINDS` and exactly the fields listed
there; squares are `(row, col)` tuples and racers are indices into
`race.racers`.
"""

from __future__ import annotations

from typing import Any

# kind -> its fields (in order). The screen animates them; tests compare them.
EVENT_KINDS: dict[str, tuple[str, ...]] = {
    "turn_started": ("turn", "order"),  # a game turn begins; order of play
    "respawned": ("squares",),  # objects and chests back on these squares
    "racer_turn": ("racer",),  # a racer's turn begins (protection ends)
    "phase": ("racer", "phase"),  # movement, drift, action
    "rolled": ("racer", "die", "faces", "purpose"),  # dice as rolled
    "clover_used": ("racer", "die", "index", "face", "flipped"),
    "roll_validated": ("racer", "die", "faces", "purpose"),
    "lucky": ("racer",),  # a double: a clover comes
    "sprinter": ("racer",),  # a double of highest faces
    "moved": ("racer", "path", "cause"),  # walked square by square (path excludes start)
    "placed": ("racer", "start", "end", "cause"),  # placed without walking
    "scored": ("racer", "points", "cause", "total"),
    "crossed_line": ("racer", "forward"),
    "picked_up": ("racer", "object", "square"),
    "chest_opened": ("racer", "square", "tier", "face", "object"),
    "object_gained": ("racer", "object"),
    "object_dropped": ("racer", "object"),
    "object_used": ("racer", "object"),
    "trap_sprung": ("racer", "square", "owner", "trap"),
    "fell": ("racer", "hole", "exit"),
    "shortcut": ("racer", "face", "rows"),
    "fight": ("attacker", "defender", "square"),
    "fight_result": ("attacker", "defender", "result", "winner", "loser"),
    "shock": ("racer", "size", "author", "squares"),  # squares: {face: landing square}
    "shield_used": ("racer", "size"),
    "barrier_destroyed": ("square", "by"),
    "coins_spent": ("racer", "coins", "squares"),
    "trap_laid": ("racer", "square", "trap"),  # trap or poo
    "trap_destroyed": ("square", "by"),
    "thrown": ("racer", "object", "square"),  # axe, spear flight
    "fireball": ("racer", "object", "path"),  # the validated path
    "lightning": ("racer", "targets", "leaders"),
    "flail": ("racer", "square"),
    "baby": ("racer", "action"),  # beer, poo, sleep, cry
    "turn_ended": ("racer",),  # a racer's turn is over (save point)
    "race_over": ("standings",),
}

_FIELD_SETS = {kind: frozenset(fields) for kind, fields in EVENT_KINDS.items()}


class Event:
    """One thing that happened; fields read as attributes; immutable."""

    __slots__ = ("kind", "_fields")
    kind: str
    _fields: dict[str, Any]

    def __init__(self, kind: str, **fields: Any) -> None:
        _check(kind, fields)
        _SET_KIND(self, kind)
        _SET_FIELDS(self, fields)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"event {self.kind!r} has no field {name!r}") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("events are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and self._fields == other._fields

    def __hash__(self) -> int:
        return hash((self.kind, repr(self._fields)))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._fields.items())
        return f"{self.kind}({inner})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the kind and the fields."""
        return {"kind": self.kind, **self._fields}


# Events are made by the thousand in every race: `EventLog.emit` and `record` set an event's two
# slots through their descriptors (events are immutable), without `__init__`'s frame and the
# keyword arguments' second copy.
_NEW = object.__new__
_SET_KIND: Any = Event.__dict__["kind"].__set__
_SET_FIELDS: Any = Event.__dict__["_fields"].__set__
_FIELD_COUNTS = {kind: len(fields) for kind, fields in EVENT_KINDS.items()}


def _check(kind: str, fields: dict[str, Any]) -> None:
    """Raise ValueError unless `fields` are exactly the fields of `kind` in EVENT_KINDS."""
    expected = _FIELD_SETS.get(kind)
    if expected is None:
        raise ValueError(f"unknown event kind {kind!r}: add it to EVENT_KINDS")
    if fields.keys() != expected:
        raise ValueError(f"event {kind!r} takes fields {EVENT_KINDS[kind]}, got {tuple(fields)}")


def record(kind: str, fields: dict[str, Any]) -> Event:
    """An event made from a dict of its fields, which it keeps (the caller gives it up); checked
    like `EventLog.emit`."""
    if _FIELD_COUNTS.get(kind) != len(fields):
        _check(kind, fields)
    event: Event = _NEW(Event)
    _SET_KIND(event, kind)
    _SET_FIELDS(event, fields)
    return event


class EventLog:
    """What a race has told, in order (`log`), and how a rule tells something (`emit`)."""

    log: list[Event]
    _told: int  # events of the log already taken (take_events)

    def emit(self, kind: str, **fields: Any) -> Event:
        """Record an event.

        Only the number of fields is checked here (this runs thousands of times a race); their
        names are checked for every call of `emit` in the engine's code by
        tests/test_event_sites.py, and `Event(kind, **fields)` checks everything.
        """
        if _FIELD_COUNTS.get(kind) != len(fields):
            _check(kind, fields)
        event: Event = _NEW(Event)
        _SET_KIND(event, kind)
        _SET_FIELDS(event, fields)
        self.log.append(event)
        return event

    def take_events(self) -> list[Event]:
        """The events since the last call."""
        events = self.log[self._told :]
        self._told = len(self.log)
        return events
