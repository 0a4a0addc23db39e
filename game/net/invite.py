"""An invite: a relay's address and a room code in one short text a host passes to his friends.

The grammar (docs/network.md, *Invites*), read strictly (whitespace around the whole ignored):

    invite = relay "/" ["days/"] code   "days/": a race over days the relay keeps (game/net/days.py)
    relay  = [scheme "://"] host [":" port]
    scheme = "wss" | "ws"          none: wss (TLS, the certificate checked)
    host   = a DNS name (letters, digits, "-" and "."; 253 at most) | an IPv4 address | "[" IPv6 "]"
    port   = 1 to 65535            none: 443 with wss, 80 with ws
    code   = a room code: 8 of CODE_LETTERS (no 0, O, 1 or I), any case, "-" between groups

`race.example.org/KZWX-4242` (TLS on port 443), `race.example.org:47811/KZWX-4242` (TLS on 47811),
`ws://192.168.1.20:47811/KZWX-4242` (a relay on the home network, without TLS). An invite is shown in
its shortest form (`Invite.text`): the scheme only when it is ws, the port only when it is not the
scheme's own. Anything else is refused with one sentence naming what is wrong.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from game.net.protocol import CODE_LENGTH, code_problem, plain_code, shown_code

INVITE_LENGTH = 300  # characters of an invite at most (a DNS name of 253 and the rest)
RELAY_PORT = 47811  # the port `main.py relay` listens on unless told
DEFAULT_PORTS = {"wss": 443, "ws": 80}
DAYS = "days"  # the path before the code of a race over days
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


class InviteError(ValueError):
    """An invite or a relay's address that is not one (its sentence says why)."""


@dataclass(frozen=True)
class Relay:
    """A relay's address: TLS or not, its host and port."""

    secure: bool
    host: str
    port: int

    @property
    def scheme(self) -> str:
        return "wss" if self.secure else "ws"

    def url(self, path: str = "") -> str:
        """The WebSocket address of `path` on this relay (wss://race.example.org:443/KZWX4242)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}/{path}"

    @property
    def text(self) -> str:
        """The relay as a person writes it: the scheme only when it is ws, the port only when not its own."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        port = "" if self.port == DEFAULT_PORTS[self.scheme] else f":{self.port}"
        return f"{'' if self.secure else 'ws://'}{host}{port}"


@dataclass(frozen=True)
class Invite:
    """A relay and a room code on it."""

    relay: Relay
    code: str  # plain: capitals, no dash
    days: bool = False  # a race over days, kept by the relay (its path: /days/CODE)

    @property
    def url(self) -> str:
        return self.relay.url(f"{DAYS}/{self.code}" if self.days else self.code)

    @property
    def text(self) -> str:
        return f"{self.relay.text}/{DAYS + '/' if self.days else ''}{shown_code(self.code)}"


def _host(text: str, whole: str) -> str:
    """A relay's host name or address (InviteError when it is neither)."""
    if text.startswith("["):
        if not text.endswith("]"):
            raise InviteError(f"{whole!r}: an IPv6 address is written in brackets, such as [2001:db8::7]")
        try:
            return str(ipaddress.IPv6Address(text[1:-1]))
        except ValueError:
            raise InviteError(f"{whole!r}: {text} is not an IPv6 address") from None
    if not text:
        raise InviteError(f"{whole!r} names no relay: write it as race.example.org/KZWX-4242")
    if len(text) > 253 or not all(_LABEL.match(label) for label in text.split(".")):
        raise InviteError(f"{whole!r}: {text[:40]!r} is not a computer's name or address")
    if text.replace(".", "").isdigit():
        try:
            return str(ipaddress.IPv4Address(text))
        except ValueError:
            raise InviteError(f"{whole!r}: {text} is not an IPv4 address") from None
    return text.lower()


def parse_relay(text: str, whole: str | None = None) -> Relay:
    """A relay's address from `[scheme://]host[:port]` (InviteError in one sentence)."""
    whole = text if whole is None else whole
    text = text.strip()
    if len(text) > INVITE_LENGTH:
        raise InviteError(f"an invite or relay address has at most {INVITE_LENGTH} characters, not {len(text)}")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "wss", text
    scheme = scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise InviteError(f"{whole!r}: a relay is reached with wss:// or ws://, not {scheme[:10]}://")
    if rest.startswith("["):
        host, closed, after = rest.partition("]")
        host += closed
        if after and not after.startswith(":"):
            raise InviteError(f"{whole!r}: write an IPv6 relay as [2001:db8::7]:47811")
        port_text = after[1:] if after else ""
        has_port = bool(after)
    else:
        host, has_colon, port_text = rest.partition(":")
        has_port = bool(has_colon)
    if has_port and not (port_text.isascii() and port_text.isdigit() and 1 <= int(port_text) <= 65535):
        raise InviteError(f"{whole!r}: the port must be a number from 1 to 65535")
    port = int(port_text) if has_port else DEFAULT_PORTS[scheme]
    return Relay(scheme == "wss", _host(host, whole), port)


def parse_invite(text: str) -> Invite:
    """An invite from its text (InviteError in one sentence naming what is wrong)."""
    whole = text.strip()
    if len(whole) > INVITE_LENGTH:
        raise InviteError(f"an invite has at most {INVITE_LENGTH} characters, not {len(whole)}")
    start = whole.find("://") + 3 if "://" in whole else 0
    cut = whole.rfind("/")
    if cut < start:
        raise InviteError(f"{whole!r} is not an invite: it ends with /ROOM-CODE, as race.example.org/KZWX-4242")
    days = whole[:cut].lower().endswith(f"/{DAYS}") and whole[:cut].find("/", start) == cut - len(DAYS) - 1
    relay = parse_relay(whole[: cut - len(DAYS) - 1] if days else whole[:cut], whole)
    typed = whole[cut + 1 :]
    if not typed.isascii() or not typed.replace("-", "").isalnum():
        raise InviteError(f"{whole!r}: a room code is {CODE_LENGTH} letters and digits, such as KZWX-4242")
    code = plain_code(typed)
    problem = code_problem(code)
    if problem:
        raise InviteError(f"{whole!r}: {problem}")
    return Invite(relay, code, days)
