"""What happened in a race: small immutable records for the screen, the log and tests.

Every event has a `kind` from `EVENT_KINDS` and exactly the fields listed
there; squares are `(row, col)` tuples and racers are indices into
`race.racers`.

A race makes thousands of events, so they are cheap to make: each kind is a
subclass of `Event` of its own, which knows its field names, and an event is
the tuple of its fields' values, in the order `EVENT_KINDS` lists them. The
rules record one with `race.emit(kind, *values)` (in that order; a test
reads every call); `Event(kind, **fields)` makes one from named fields.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar, cast

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


class _EventType(type):
    """The type of `Event`, whose call `Event(kind, **fields)` makes an event from named fields."""

    def __call__(cls, kind: str, **fields: Any) -> Any:
        """An event of `kind` with these fields, exactly those of EVENT_KINDS[kind]."""
        expected = _FIELD_SETS.get(kind)
        if expected is None:
            raise ValueError(f"unknown event kind {kind!r}: add it to EVENT_KINDS")
        if fields.keys() != expected:
            raise ValueError(f"event {kind!r} takes fields {EVENT_KINDS[kind]}, got {tuple(fields)}")
        return _KINDS[kind](tuple(fields[name] for name in EVENT_KINDS[kind]))


class _KindType(_EventType):
    """The type of each kind's class, which is called with the tuple of its fields' values (as `emit`
    does): tuple's own constructor makes the event, without a Python call."""

    __call__ = type.__call__


class Record(tuple[Any, ...]):
    """A record made as the tuple of its fields' values (events, decisions): equal or not, as each
    kind of record says, but never ordered as a tuple would be."""

    __slots__ = ()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


class Event(Record, metaclass=_EventType):
    """One thing that happened; fields read as attributes; immutable.

    An event is the tuple of its fields' values (the cheapest record Python makes), of a
    subclass of its kind's own that reads them by name; it compares, hashes and prints by
    kind and fields, and orders with nothing. `Event(kind, **fields)` makes one from named
    fields; a kind's class, `type(event)`, makes one from the tuple of its fields' values.
    """

    __slots__ = ()
    kind: ClassVar[str]  # each kind's own subclass says which kind it is
    _names: ClassVar[tuple[str, ...]]  # and the names of its fields

    @property
    def _fields(self) -> dict[str, Any]:
        """The fields by name, in order."""
        return dict(zip(self._names, self))

    def __getattr__(self, name: str) -> Any:  # the fields are properties of each kind's class
        raise AttributeError(f"event {self.kind!r} has no field {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("events are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and tuple.__eq__(self, other)

    def __hash__(self) -> int:
        return hash((self.kind, repr(self._fields)))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(self._names, self))
        return f"{self.kind}({inner})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the kind and the fields."""
        return {"kind": self.kind, **self._fields}


def _kind_class(kind: str, names: tuple[str, ...]) -> type[Event]:
    """The subclass of Event for one kind: its name, its fields' names, a property for each."""
    namespace: dict[str, Any] = {"__slots__": (), "kind": kind, "_names": names}
    for i, name in enumerate(names):
        namespace[name] = property(itemgetter(i), doc=f"The {kind} event's {name}.")
    return cast(type[Event], _KindType(kind, (Event,), namespace))


_KINDS = {kind: _kind_class(kind, names) for kind, names in EVENT_KINDS.items()}
# The kinds whose events come back again and again with the same few values, all of them names
# and numbers (a racer's turn, phases, objects gained and used...): each such event is made once
# and the same immutable record told every time (the log holds equal events, as before).
SHARED_KINDS = frozenset(
    {
        "racer_turn",
        "phase",
        "lucky",
        "sprinter",
        "turn_ended",
        "object_gained",
        "object_dropped",
        "object_used",
        "shield_used",
        "shortcut",
        "coins_spent",
        "fight_result",
        "baby",
    }
)
_SHARED: dict[str, dict[tuple[Any, ...], Event]] = {kind: {} for kind in SHARED_KINDS}
# What `emit` needs of a kind, found in one look-up: its class, and its shared events (None: not shared).
_EMITTED: dict[str, tuple[type[Event], dict[tuple[Any, ...], Event] | None]] = {
    kind: (cls, _SHARED.get(kind)) for kind, cls in _KINDS.items()
}


class EventLog:
    """What a race has told, in order (`log`), and how a rule tells something (`emit`)."""

    log: list[Event]
    _told: int  # events of the log already taken (take_events)

    def emit(self, kind: str, *values: Any) -> Event:
        """Record an event: its kind, then its fields' values in the order EVENT_KINDS lists them.

        Nothing is checked here but the kind (this runs thousands of times a race):
        tests/test_event_sites.py checks every call of `emit` in the engine's code.
        """
        try:
            cls, shared = _EMITTED[kind]
        except KeyError:
            raise ValueError(f"unknown event kind {kind!r}: add it to EVENT_KINDS") from None
        if shared is None:
            event: Event = cls(values)
        else:
            found = shared.get(values)
            event = found if found is not None else shared.setdefault(values, cls(values))
        self.log.append(event)
        return event

    def take_events(self) -> list[Event]:
        """The events since the last call."""
        events = self.log[self._told :]
        self._told = len(self.log)
        return events
