"""An invite's grammar (game/net/invite.py, docs/network.md *Invites*): read strictly, shown shortest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.invite import Invite, InviteError, Relay, parse_invite, parse_relay
from game.net.protocol import CODE_LETTERS


@pytest.mark.parametrize(
    ("text", "secure", "host", "port", "code"),
    [
        ("race.example.org/KZWX-4242", True, "race.example.org", 443, "KZWX4242"),
        ("  Race.Example.org:47811/kzwx4242 ", True, "race.example.org", 47811, "KZWX4242"),
        ("wss://race.example.org/KZWX-4242", True, "race.example.org", 443, "KZWX4242"),
        ("ws://127.0.0.20:47811/KZWX-4242", False, "127.0.0.20", 47811, "KZWX4242"),
        ("ws://[::1]:47811/KZWX-4242", False, "::1", 47811, "KZWX4242"),
        ("ws://localhost/KZWX-4242-ABCD", False, "localhost", 80, "KZWX4242ABCD"),
    ],
)
def test_an_invite_names_its_relay_its_tls_its_port_and_its_room(text, secure, host, port, code):
    invite = parse_invite(text)
    assert invite == Invite(Relay(secure, host, port), code)
    assert parse_invite(invite.text) == invite


def test_an_invite_to_a_race_over_days_is_its_relay_then_days_then_its_code():
    invite = parse_invite("ws://127.0.0.1:47811/days/kzwx-4242")
    assert invite == Invite(Relay(False, "127.0.0.1", 47811), "KZWX4242", days=True)
    assert invite.text == "ws://127.0.0.1:47811/days/KZWX-4242"
    assert invite.url == "ws://127.0.0.1:47811/days/KZWX4242"
    assert parse_invite("ws://days/KZWX-4242") == Invite(Relay(False, "days", 80), "KZWX4242")  # (a relay called days)
    assert parse_invite("days.example.org/KZWX-4242").days is False


def test_an_invite_is_shown_in_its_shortest_form_and_reached_at_its_full_address():
    assert parse_invite("wss://race.example.org:443/kzwx4242").text == "race.example.org/KZWX-4242"
    assert parse_invite("ws://127.0.0.2:80/KZWX4242").text == "ws://127.0.0.2/KZWX-4242"
    assert parse_invite("race.example.org/KZWX-4242").url == "wss://race.example.org:443/KZWX4242"
    assert parse_invite("ws://[::1]:47811/KZWX-4242").url == "ws://[::1]:47811/KZWX4242"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not an invite"),
        ("KZWX-4242", "not an invite"),
        ("race.example.org/", "a room code is 8 letters"),
        ("race.example.org/KZWX", "at least 8 letters"),
        ("race.example.org/KZWX-0000", "no 0, O, 1 or I"),
        ("race.example.org/KZWX 4242", "a room code is 8 letters"),
        ("http://race.example.org/KZWX-4242", "not http://"),
        ("race.example.org:0/KZWX-4242", "from 1 to 65535"),
        ("race.example.org:99999/KZWX-4242", "from 1 to 65535"),
        ("race.example.org:http/KZWX-4242", "from 1 to 65535"),
        ("/KZWX-4242", "names no relay"),
        ("race..example.org/KZWX-4242", "not a computer's name"),
        ("-race.example.org/KZWX-4242", "not a computer's name"),
        ("rac\u00e9.example.org/KZWX-4242", "not a computer's name"),
        ("300.1.2.3/KZWX-4242", "not an IPv4 address"),
        ("[::zz]:47811/KZWX-4242", "not an IPv6 address"),
        ("race.example.org/path/KZWX-4242", "not a computer's name"),
        ("a" * 400 + "/KZWX-4242", "at most 300 characters"),
        ("race.example.org/KZWX-4242\u0000", "a room code is 8 letters"),
    ],
)
def test_what_is_not_an_invite_is_refused_with_one_sentence_saying_why(text, words):
    with pytest.raises(InviteError) as refused:
        parse_invite(text)
    said = str(refused.value)
    assert words in said and "\n" not in said and len(said) < 400


def test_a_relay_address_alone_is_the_settings_and_servers_way_to_name_a_relay():
    assert parse_relay("race.example.org") == Relay(True, "race.example.org", 443)
    assert parse_relay("ws://127.0.0.1:47811").url("host") == "ws://127.0.0.1:47811/host"
    with pytest.raises(InviteError, match="wss:// or ws://"):
        parse_relay("ftp://race.example.org")


names = st.from_regex(r"[a-z][a-z0-9-]{0,10}[a-z0-9](\.[a-z][a-z0-9]{0,8}){0,3}", fullmatch=True)
codes = st.text(alphabet=CODE_LETTERS, min_size=8, max_size=12)


@given(st.booleans(), names, st.integers(1, 65535), codes, st.booleans())
def test_every_invite_reads_back_from_its_text_as_itself(secure, host, port, code, days):
    invite = Invite(Relay(secure, host, port), code, days)
    assert parse_invite(invite.text) == invite
    assert parse_invite(invite.url) == invite


@given(st.text(max_size=60))
def test_any_text_is_an_invite_or_one_sentence(text):
    try:
        parse_invite(text)
    except InviteError as error:
        assert "\n" not in str(error).strip("\n") or "\n" in text
