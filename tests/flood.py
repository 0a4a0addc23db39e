"""A peer that floods a host with WebSocket pings and never reads (issue 34), and the host's memory:
shared by tests/test_network_bounds.py and benchmarks/flood.py. Loopback addresses only."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

PING = bytes([0x89, 0x80 | 125]) + b"\x00\x00\x00\x00" + b"p" * 125  # a masked ping of 125 bytes (mask 0)


def frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked with a zero mask: the bytes as they are)."""
    head = bytes([0x80 | opcode])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return head + b"\x00\x00\x00\x00" + payload


def opened(port: int, source: str, timeout: float = 3.0) -> socket.socket:
    """A WebSocket to the host on 127.0.0.1:`port` from `source`, its handshake done (its answer read)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # (read nothing: the host's pongs pile up there)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer and len(answer) < 4096:
        chunk = sock.recv(1)
        if not chunk:
            raise ConnectionError("the host closed the handshake")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        raise ConnectionError(answer.split(b"\r\n")[0].decode(errors="replace"))
    return sock


@dataclass
class Flood:
    """What one flooding peer did: connections made, cut by the host, pings sent."""

    connections: int = 0
    cut: int = 0
    refused: int = 0
    pings: int = 0
    stop: threading.Event = field(default_factory=threading.Event)


def flood(port: int, source: str, seconds: float, code: str | None, done: Flood) -> None:
    """Ping the host as fast as it takes, never reading, for `seconds` (a hello with `code` first, when
    given); connect again each time the host cuts the connection."""
    end = time.monotonic() + seconds
    hello = frame(1, json.dumps({"type": "hello", "code": code or "", "name": f"eve{source}", "pick": True}).encode())
    burst = PING * 64
    while time.monotonic() < end and not done.stop.is_set():
        try:
            sock = opened(port, source)
        except (OSError, ConnectionError):
            done.refused += 1
            time.sleep(0.05)
            continue
        done.connections += 1
        sock.settimeout(0.2)
        try:
            if code:
                sock.sendall(hello)
            while time.monotonic() < end and not done.stop.is_set():
                try:
                    sock.sendall(burst)
                    done.pings += 64
                except TimeoutError:  # the host stopped reading: try again
                    continue
        except OSError:
            done.cut += 1
        finally:
            sock.close()


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0
