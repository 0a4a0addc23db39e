"""wss:// (game/net/tls.py): the same race through a relay, and through serve, with a certificate
authority the test makes (trustme); a certificate that is not trusted is refused in one sentence."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.client import join
from game.net.invite import Invite, Relay
from game.net.protocol import standings_json
from game.net.relay import Relay as RelayServer
from game.net.relayed import join_invite, serve_through
from game.net.server import serve_rooms
from game.net.tls import TlsError, client_context, server_context
from game.rules import seeds
from tests.test_relay import CODE, LIMIT, SEED, new_host, until

trustme = pytest.importorskip("trustme")
pytestmark = pytest.mark.slow  # races through sockets, with TLS
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def pki(tmp_path):
    """A certificate authority, and a certificate it signed for 127.0.0.1 (its chain and key as files)."""
    authority = trustme.CA()
    issued = authority.issue_cert("127.0.0.1", "localhost")
    paths = {name: tmp_path / f"{name}.pem" for name in ("ca", "cert", "key")}
    authority.cert_pem.write_to_path(paths["ca"])
    for blob in issued.cert_chain_pems:
        blob.write_to_path(paths["cert"], append=True)
    issued.private_key_pem.write_to_path(paths["key"])
    return {name: str(path) for name, path in paths.items()}


def test_the_same_race_goes_through_a_relay_over_wss_with_the_tests_own_authority(pki):
    async def scenario():
        relay = RelayServer()
        port = await relay.listen("127.0.0.1", 0, server_context(pki["cert"], pki["key"]))
        invite = Invite(Relay(True, "127.0.0.1", port), CODE)
        trusted = client_context(pki["ca"])
        said: list[str] = []
        host = new_host(say=said.append)
        serving = asyncio.ensure_future(serve_through([host], invite.relay, [seeds.owner_secret(SEED, CODE)], trusted))
        await until(lambda: any("invite" in line for line in said))
        ann = asyncio.ensure_future(join_invite(invite, "ann", None, "normal", ssl=trusted))
        await until(lambda: any(line.startswith("ann joined") for line in said))
        bob = asyncio.ensure_future(join_invite(invite, "bob", None, "normal", ssl=trusted))
        races = await asyncio.wait_for(asyncio.gather(ann, bob, serving), LIMIT)
        await relay.stop()
        return [standings_json(r) for r in (races[0], races[1], races[2][0])], said

    standings, said = asyncio.run(scenario())
    assert standings[0] == standings[1] == standings[2]
    assert any("invite your friends with 127.0.0.1:" in line and "ws://" not in line for line in said), said


def test_serve_speaks_wss_with_its_certificate_too(pki):
    async def scenario():
        said: list[str] = []
        host = new_host(("person", "bot:easy"), say=said.append)
        serving = asyncio.ensure_future(
            serve_rooms([host], 0, "127.0.0.1", timeout=LIMIT, ssl=server_context(pki["cert"], pki["key"]))
        )
        await until(lambda: any(line.startswith("waiting on 127.0.0.1:") for line in said))
        port = int(next(line for line in said if line.startswith("waiting on")).split(":")[1].split()[0])
        url = f"wss://127.0.0.1:{port}"
        race = await join("", CODE, "ann", None, "normal", url=url, ssl=client_context(pki["ca"]))
        (hosted,) = await asyncio.wait_for(serving, LIMIT)
        return standings_json(race), standings_json(hosted)

    mine, hosts = asyncio.run(scenario())
    assert mine == hosts


def test_a_relay_whose_certificate_is_not_trusted_is_refused_in_one_sentence(pki):
    relay = subprocess.Popen(
        [sys.executable, "main.py", "relay", "--port", "0", "--cert", pki["cert"], "--key", pki["key"], "--for", "60"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = relay.stdout.readline()  # relay: relaying on wss://127.0.0.1:PORT ...
        assert "relaying on wss://127.0.0.1:" in line, line
        port = line.split("127.0.0.1:")[1].split()[0]
        joined = subprocess.run(
            [sys.executable, "main.py", "join", f"127.0.0.1:{port}/{CODE}", "--name", "eve", "--quiet"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        relay.kill()
        relay.wait(10)
        relay.stdout.close()
    said = joined.stderr.strip()
    assert joined.returncode == 1 and "Traceback" not in said and len(said.splitlines()) == 1, said
    assert said.startswith(f"main.py: 127.0.0.1:{port} cannot be trusted: the certificate it shows is not trusted")


def test_a_certificate_or_key_that_cannot_be_used_is_one_sentence_naming_the_file(tmp_path, pki):
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    huge = tmp_path / "huge.pem"
    huge.write_bytes(b"A" * (300 * 1024))
    for cert, key, words in (
        (str(junk), pki["key"], "are not a PEM certificate"),
        (str(huge), pki["key"], "at most 256 KB"),
        (str(tmp_path / "none.pem"), pki["key"], "cannot read the certificate"),
    ):
        with pytest.raises(TlsError) as refused:
            server_context(cert, key)
        assert words in str(refused.value) and cert in str(refused.value)
