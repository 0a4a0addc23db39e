"""TLS for wss:// (docs/network.md, *TLS*): a server's context from its certificate and key files, a
client's that checks certificates against the system's authorities (or SSL_CERT_FILE's), and the one
sentence said when a certificate is not trusted.

The certificate and key are files from outside: each is bounded in size before it is read.
"""

from __future__ import annotations

import ssl
from pathlib import Path

MAX_PEM = 256 * 1024  # bytes of a certificate chain or key file at most


class TlsError(ValueError):
    """A certificate or key that cannot be used (its sentence names the file)."""


def _bounded(path: str, what: str) -> None:
    try:
        size = Path(path).stat().st_size
    except OSError as error:
        raise TlsError(f"{path}: cannot read the {what} ({error.strerror or error})") from None
    if size > MAX_PEM:
        raise TlsError(f"{path}: a {what} file has at most {MAX_PEM // 1024} KB, this one {size // 1024} KB")


def server_context(cert: str, key: str) -> ssl.SSLContext:
    """A server's TLS context from a PEM certificate chain and its private key (TlsError in a sentence)."""
    _bounded(cert, "certificate")
    _bounded(key, "private key")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (ssl.SSLError, ValueError) as error:
        raise TlsError(f"{cert} and {key} are not a PEM certificate and its private key ({error})") from None
    return context


def client_context(authority: str | None = None) -> ssl.SSLContext:
    """A client's TLS context: the certificate and its name checked against the system's authorities
    (SSL_CERT_FILE or SSL_CERT_DIR if set), or against `authority`'s certificate (a PEM file)."""
    if authority is not None:
        _bounded(authority, "certificate authority")
    return ssl.create_default_context(cafile=authority)


def untrusted(error: BaseException) -> str | None:
    """The sentence for a certificate this computer does not trust, or None when `error` is no such thing."""
    if isinstance(error, ssl.SSLCertVerificationError):
        why = error.verify_message or "its certificate could not be checked"
        return f"the certificate it shows is not trusted here ({why}): check the invite, or ask its operator"
    if isinstance(error, ssl.SSLError):
        return (
            f"its TLS could not be set up ({error.reason or error}): check that the invite's ws:// or wss:// is right"
        )
    return None
