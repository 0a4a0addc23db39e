"""Regenerate the game's sound effects and music loops (a development-time tool).

Every sound is synthesized here from nothing: additive plucked strings (lute,
harp), brass made of harmonics that brighten with loudness, struck bars and
bells, membranes with falling pitch, noise shaped by fixed and sweeping
spectral filters, and a convolution reverb whose impulse response is itself
seeded noise. No sample library is used, so there is no third-party licence
to follow. The output is deterministic: every sound has its own seeded
random generator, and the Ogg streams get fixed serial numbers.

Music loops are seamless: notes, reverb tails and drones are rendered on a
circle (whatever rings past the end of the loop is added to its beginning,
and the drone frequencies are rounded to a whole number of cycles per loop),
so `pygame.mixer.music.play(-1)` repeats them without a click.

Needs numpy (requirements-dev.txt; the game itself never imports it) and
`oggenc` from Debian's vorbis-tools (`apt-get install vorbis-tools`, plus
`sox` for the spectrograms and checks). Run from the repository root:

    .venv/bin/python tools/make_sounds.py [--only dice,menu] [--out assets] [--check]

It writes assets/sounds/<name>.ogg (mono effects, peaks at -3 dBFS or lower
for the soft ones) and assets/music/<name>.ogg (stereo loops, about -16 LUFS),
then prints a table of duration, peak, loudness and size. `--check` also
decodes every written file with sox and writes spectrograms to /tmp/fr-sounds/.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

SR = 44100
TAU = 2 * np.pi

# ------------------------------------------------------------------ basics


def samples(seconds: float) -> int:
    """Whole samples in `seconds`."""
    return int(round(seconds * SR))


def times(seconds_or_n) -> np.ndarray:
    """Time of each sample, in seconds."""
    n = seconds_or_n if isinstance(seconds_or_n, (int, np.integer)) else samples(seconds_or_n)
    return np.arange(n) / SR


def midi_freq(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


_NOTE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def note(name: str) -> float:
    """Frequency of a note name such as 'F#4' or 'Bb3'."""
    pitch = _NOTE[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        pitch += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return midi_freq(12 * (int(rest) + 1) + pitch)


def add_at(buf: np.ndarray, x: np.ndarray, start: int, wrap: bool = False) -> None:
    """Mix x into buf (last axis is time) from sample `start`; wrap around the end when asked.

    Without wrap, x must fit: a sound cut short would end in a click.
    """
    n = buf.shape[-1]
    if not wrap:
        if start < 0 or start + x.shape[-1] > n:
            raise ValueError(f"{x.shape[-1]} samples at {start} do not fit in {n}")
        buf[..., start : start + x.shape[-1]] += x
        return
    start %= n
    pos = 0
    while pos < x.shape[-1]:
        k = min(x.shape[-1] - pos, n - start)
        buf[..., start : start + k] += x[..., pos : pos + k]
        pos += k
        start = 0


def fades(x: np.ndarray, fade_in: float = 0.002, fade_out: float = 0.01) -> np.ndarray:
    """Raised-cosine fades at both ends (no click at start or end of an effect)."""
    x = x.copy()
    a, b = min(samples(fade_in), x.shape[-1] // 2), min(samples(fade_out), x.shape[-1] // 2)
    if a:
        x[..., :a] *= 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, a))
    if b:
        x[..., -b:] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, b))
    return x


def soft_clip(x: np.ndarray, drive: float = 1.0) -> np.ndarray:
    """Gentle saturation (tanh), normalised so that small signals keep their level."""
    return np.tanh(drive * x) / drive


def limit(x: np.ndarray, ceiling: float) -> np.ndarray:
    """Soft knee above 0.8 * ceiling: never exceeds the ceiling, leaves quieter samples alone."""
    knee = 0.8 * ceiling
    y = x.copy()
    over = np.abs(x) > knee
    span = ceiling - knee
    y[over] = np.sign(x[over]) * (knee + span * np.tanh((np.abs(x[over]) - knee) / span))
    return y


def pan(x: np.ndarray, position: float) -> np.ndarray:
    """Constant-power pan of a mono signal; position -1 (left) .. 1 (right)."""
    angle = (position + 1) * np.pi / 4
    return np.stack([x * np.cos(angle), x * np.sin(angle)])


# ------------------------------------------------------------------ filters (spectral, zero phase)


def lowpass(fc: float, order: float = 2) -> Callable[[np.ndarray], np.ndarray]:
    return lambda f: 1 / np.sqrt(1 + (f / fc) ** (2 * order))


def highpass(fc: float, order: float = 2) -> Callable[[np.ndarray], np.ndarray]:
    return lambda f: 1 / np.sqrt(1 + (fc / np.maximum(f, 1e-3)) ** (2 * order))


def bandpass(fc: float, q: float) -> Callable[[np.ndarray], np.ndarray]:
    return lambda f: 1 / np.sqrt(1 + q * q * (np.maximum(f, 1e-3) / fc - fc / np.maximum(f, 1e-3)) ** 2)


def spectral(x: np.ndarray, *responses, circular: bool = False, pad: float = 0.1) -> np.ndarray:
    """Filter x by the product of magnitude responses (functions of frequency in Hz)."""
    n = x.shape[-1]
    size = n if circular else n + samples(pad)
    spectrum = np.fft.rfft(x, size)
    freqs = np.fft.rfftfreq(size, 1 / SR)
    gain = np.ones_like(freqs)
    for response in responses:
        gain = gain * response(freqs)
    return np.fft.irfft(spectrum * gain, size)[..., :n]


def sweep(x: np.ndarray, response: Callable[[np.ndarray, float], np.ndarray], frame: int = 1024) -> np.ndarray:
    """Time-varying filter: response(freqs, t) per short frame, overlap-added (hann, hop frame/4)."""
    hop = frame // 4
    window = np.hanning(frame + 1)[:-1]
    padded = np.concatenate([np.zeros(frame), x, np.zeros(frame)])
    out = np.zeros_like(padded)
    freqs = np.fft.rfftfreq(frame, 1 / SR)
    for start in range(0, len(padded) - frame + 1, hop):
        t = (start + frame / 2 - frame) / SR
        seg = np.fft.rfft(padded[start : start + frame] * window)
        out[start : start + frame] += np.fft.irfft(seg * response(freqs, t), frame)
    return out[frame : frame + len(x)] / 2.0


def brown(n: int, rng: np.random.Generator) -> np.ndarray:
    """Brown-ish noise (integrated white, high-passed to remove drift), unit peak."""
    b = spectral(np.cumsum(rng.standard_normal(n)), highpass(25, 2))
    return b / (np.max(np.abs(b)) + 1e-12)


def smooth_random(n: int, rate: float, rng: np.random.Generator) -> np.ndarray:
    """Slowly wandering positive control signal (0..1) with changes about `rate` times a second."""
    w = spectral(rng.standard_normal(n), lowpass(rate, 2))
    w -= w.min()
    return w / (w.max() + 1e-12)


# ------------------------------------------------------------------ reverb


def reverb_ir(
    rng: np.random.Generator, rt60: float = 1.6, length: float | None = None, predelay: float = 0.012, channels: int = 1
) -> np.ndarray:
    """Impulse response: early reflections then decaying noise, darker as it decays."""
    length = length or min(rt60 * 1.2, 4.0)
    n = samples(length)
    t = times(n)
    out = []
    for _ in range(channels):
        noise = rng.standard_normal(n)
        low = spectral(noise, lowpass(600, 2))
        mid = spectral(noise, highpass(600, 2), lowpass(3500, 2))
        high = spectral(noise, highpass(3500, 2))
        tail = (
            low * np.exp(-6.91 * t / (rt60 * 1.15))
            + mid * np.exp(-6.91 * t / rt60)
            + 0.6 * high * np.exp(-6.91 * t / (rt60 * 0.45))
        )
        tail *= 1 - np.exp(-t / 0.02)  # the tail builds up
        ir = np.zeros(n)
        d = samples(predelay)
        ir[d:] = tail[: n - d] * 0.5
        for _ in range(6):  # sparse early reflections
            k = d + samples(rng.uniform(0.003, 0.05))
            ir[k] += rng.uniform(0.3, 0.7) * rng.choice([-1, 1])
        out.append(ir / np.sqrt(np.sum(ir**2)))
    return np.stack(out) if channels > 1 else out[0]


def convolve(x: np.ndarray, ir: np.ndarray) -> np.ndarray:
    n = x.shape[-1] + ir.shape[-1] - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[..., :n]


def reverb(
    x: np.ndarray, rng: np.random.Generator, wet: float = 0.25, rt60: float = 1.2, tail: float | None = None
) -> np.ndarray:
    """Mono effect through a room; the result grows by the reverb tail (or `tail` seconds)."""
    ir = reverb_ir(rng, rt60)
    w = convolve(x, ir)
    extra = samples(tail if tail is not None else rt60 * 0.8)
    out = np.zeros(x.shape[-1] + extra)
    out[: x.shape[-1]] += x
    out += wet * w[: len(out)] if len(w) >= len(out) else np.pad(wet * w, (0, len(out) - len(w)))
    return out


# ------------------------------------------------------------------ instruments


def pluck(
    freq: float,
    length: float,
    *,
    pos: float = 0.18,
    decay: float = 1.2,
    bright: float = 1.0,
    inharm: float = 0.00015,
    damp_after: float | None = None,
    seed: int = 0,
) -> np.ndarray:
    """A plucked string by additive synthesis: each harmonic decays faster than the one below."""
    n = samples(length)
    t = times(n)
    out = np.zeros(n)
    kmax = max(1, min(28, int(11000 / freq)))
    phase_rng = np.random.default_rng(seed)
    for k in range(1, kmax + 1):
        amp = (abs(np.sin(np.pi * k * pos)) + 0.05) / k ** (1.6 - 0.5 * bright)
        tau = decay / (1 + 0.12 * (k - 1) ** 1.4 / bright)
        fk = freq * k * np.sqrt(1 + inharm * k * k)
        out += amp * np.exp(-t / tau) * np.sin(TAU * fk * t + phase_rng.uniform(0, TAU))
    # the finger or plectrum: a tiny bright noise tick
    tick = phase_rng.standard_normal(min(n, samples(0.006))) * np.exp(-times(0.006)[: min(n, samples(0.006))] / 0.0012)
    out[: len(tick)] += 0.15 * bright * spectral(tick, bandpass(min(freq * 6, 6000), 0.8))
    out *= 1 - np.exp(-t / 0.0015)
    if damp_after is not None and damp_after < length:
        k = samples(damp_after)
        out[k:] *= np.exp(-(t[k:] - t[k]) / 0.06)
    return fades(out, 0.0, 0.02)


def lute(freq: float, beats_len: float, seed: int = 0) -> np.ndarray:
    return pluck(freq, beats_len + 0.5, pos=0.14, decay=0.9, bright=1.0, damp_after=beats_len + 0.15, seed=seed)


def harp(freq: float, ring: float = 2.2, seed: int = 0) -> np.ndarray:
    return pluck(freq, ring, pos=0.32, decay=1.4, bright=0.55, inharm=0.00005, seed=seed)


def brass(freq: float, length: float, loud: float = 1.0, seed: int = 0) -> np.ndarray:
    """A small horn: harmonics grow with the breath, brighter when louder; slight vibrato."""
    release = 0.12
    n = samples(length + release)
    t = times(n)
    env = np.minimum(1, t / 0.035) * (0.8 + 0.2 * np.exp(-np.maximum(t - 0.035, 0) / 0.08))
    env = np.where(t > length, env * np.exp(-(t - length) / (release / 3)), env)
    vib = 1 + 0.004 * np.sin(TAU * 5.2 * t) * np.minimum(1, np.maximum(t - 0.15, 0) / 0.3)
    phase = TAU * freq * np.cumsum(vib) / SR
    out = np.zeros(n)
    for k in range(1, max(2, min(16, int(9000 / freq))) + 1):
        out += (env ** (1 + 0.45 * (k - 1) / loud)) / k**0.9 * np.sin(k * phase)
    breath = np.random.default_rng(seed).standard_normal(n) * np.exp(-t / 0.03) * 0.05
    out += spectral(breath, bandpass(freq * 3, 1.5))
    return fades(out * loud, 0.001, 0.01)


def bar(freq: float, length: float = 1.0, decay: float = 0.5, seed: int = 0) -> np.ndarray:
    """A struck metal bar (glockenspiel-like): partials 1, 2.76, 5.40, 8.93."""
    n = samples(length)
    t = times(n)
    out = np.zeros(n)
    rng = np.random.default_rng(seed)
    for ratio, amp, d in ((1, 1, 1), (2.76, 0.35, 0.45), (5.40, 0.15, 0.25), (8.93, 0.07, 0.12)):
        if freq * ratio < 16000:
            out += amp * np.exp(-t / (decay * d)) * np.sin(TAU * freq * ratio * t + rng.uniform(0, TAU))
    out *= 1 - np.exp(-t / 0.0008)
    return fades(out, 0.0, 0.02)


def bell(freq: float, length: float = 2.0, decay: float = 0.8, seed: int = 0) -> np.ndarray:
    """A small bell: inharmonic partials (hum, prime, tierce, quint, nominal ...)."""
    n = samples(length)
    t = times(n)
    out = np.zeros(n)
    rng = np.random.default_rng(seed)
    for ratio, amp, d in (
        (0.5, 0.3, 1.3),
        (1, 1, 1),
        (1.19, 0.5, 0.8),
        (1.5, 0.35, 0.6),
        (2.0, 0.45, 0.5),
        (2.52, 0.25, 0.35),
        (3.01, 0.15, 0.25),
        (4.1, 0.08, 0.15),
    ):
        if freq * ratio < 16000:
            out += amp * np.exp(-t / (decay * d)) * np.sin(TAU * freq * ratio * t + rng.uniform(0, TAU))
    out *= 1 - np.exp(-t / 0.001)
    return fades(out, 0.0, 0.02)


def membrane(
    f_start: float,
    f_end: float,
    length: float,
    decay: float,
    rng: np.random.Generator,
    slap: float = 0.3,
    drop: float = 0.03,
) -> np.ndarray:
    """A drum: falling pitch, membrane modes 1, 1.59, 2.14, plus a noise slap."""
    n = samples(length)
    t = times(n)
    freq = f_end + (f_start - f_end) * np.exp(-t / drop)
    phase = TAU * np.cumsum(freq) / SR
    out = np.exp(-t / decay) * np.sin(phase)
    out += 0.35 * np.exp(-t / (decay * 0.4)) * np.sin(1.59 * phase)
    out += 0.2 * np.exp(-t / (decay * 0.25)) * np.sin(2.14 * phase)
    noise = rng.standard_normal(n) * np.exp(-t / 0.008)
    out += slap * spectral(noise, bandpass(f_start * 8, 0.7))
    out *= 1 - np.exp(-t / 0.0007)
    return fades(out, 0.0, 0.01)


def jingles(length: float, rng: np.random.Generator, decay: float = 0.06) -> np.ndarray:
    """Tambourine zils: a noise burst through metallic resonances."""
    n = samples(length)
    t = times(n)
    noise = rng.standard_normal(n) * np.exp(-t / decay)
    out = spectral(noise, highpass(5000, 2), lowpass(13000, 2))
    for f in (6800, 8300, 9700, 11200):
        out += 0.3 * spectral(noise, bandpass(f * rng.uniform(0.97, 1.03), 25))
    return fades(out, 0.0, 0.005)


def click_hit(
    rng: np.random.Generator,
    modes=((2200, 0.012), (3900, 0.008), (6100, 0.005)),
    knock: float = 260,
    knock_amp: float = 0.6,
    length: float = 0.08,
) -> np.ndarray:
    """A small hard object hitting a table: a tick, a few damped modes and a low knock."""
    n = samples(length)
    t = times(n)
    out = 0.4 * spectral(rng.standard_normal(n) * np.exp(-t / 0.0012), highpass(2500, 1))
    for f, tau in modes:
        out += 0.5 * np.exp(-t / tau) * np.sin(TAU * f * rng.uniform(0.9, 1.1) * t + rng.uniform(0, TAU))
    out += knock_amp * np.exp(-t / 0.018) * np.sin(TAU * knock * t)
    out *= 1 - np.exp(-t / 0.0003)
    return fades(out, 0.0, 0.005)


def whoosh(
    length: float,
    rng: np.random.Generator,
    f_from: float,
    f_to: float,
    q: float = 1.5,
    peak_at: float = 0.5,
    width: float = 0.25,
    spin: float = 0.0,
) -> np.ndarray:
    """Air rushing past: noise through a band that sweeps, loudest at `peak_at` (fraction)."""
    n = samples(length)
    t = times(n)
    noise = rng.standard_normal(n)
    centre = lambda tt: f_from * (f_to / f_from) ** np.clip(tt / length, 0, 1)  # noqa: E731
    out = sweep(noise, lambda f, tt: bandpass(centre(tt), q)(f) * lowpass(3 * centre(tt), 2)(f))
    env = np.exp(-0.5 * ((t / length - peak_at) / width) ** 2)
    if spin:
        env *= 0.55 + 0.45 * np.sin(TAU * spin * t) ** 2
    return fades(out * env, 0.005, 0.02)


# ------------------------------------------------------------------ sound effects


def sfx_dice(rng):
    n = samples(1.15)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    # rattling in the hand
    for _ in range(14):
        at = rng.uniform(0.0, 0.32)
        add_at(
            buf,
            0.45
            * rng.uniform(0.4, 1)
            * click_hit(rng, modes=((1500, 0.01), (2900, 0.006), (5200, 0.004)), knock=700, knock_amp=0.2),
            samples(at),
        )
    # thrown on the table: each die bounces closer and softer, then rolls to rest
    for die in range(2):
        at, gap, amp = 0.40 + 0.035 * die, 0.12 + 0.02 * die, 1.0
        for _ in range(7):
            add_at(buf, amp * click_hit(rng, knock=rng.uniform(200, 280)), samples(at))
            at += gap * rng.uniform(0.85, 1.15)
            gap *= 0.68
            amp *= 0.62
        for _ in range(4):  # last small tips and rolls
            add_at(buf, 0.12 * click_hit(rng, knock_amp=0.3), samples(at))
            at += rng.uniform(0.012, 0.03)
    return reverb(buf, rng, wet=0.12, rt60=0.5, tail=0.15)


def sfx_step(rng):
    n = samples(0.12)
    t = times(n)
    tick = np.exp(-t / 0.006) * np.sin(TAU * 1150 * t) * 0.5
    felt = np.exp(-t / 0.02) * np.sin(TAU * 190 * t)
    noise = spectral(rng.standard_normal(n) * np.exp(-t / 0.004), lowpass(3000, 2))
    out = (tick + felt + 0.3 * noise) * (1 - np.exp(-t / 0.001))
    return fades(out, 0.0, 0.01)


def clash(freq: float, rng, length: float = 1.0) -> np.ndarray:
    """Two blades meeting: an inharmonic ring, a bright scrape, a dull body."""
    n = samples(length)
    t = times(n)
    out = np.zeros(n)
    for ratio, amp, tau in (
        (1, 1, 0.35),
        (1.47, 0.6, 0.28),
        (2.09, 0.55, 0.22),
        (2.56, 0.4, 0.18),
        (3.37, 0.3, 0.12),
        (4.83, 0.22, 0.08),
        (6.1, 0.15, 0.05),
    ):
        f = freq * ratio * rng.uniform(0.99, 1.01)
        beat = 1 + 0.25 * np.sin(TAU * rng.uniform(3, 7) * t)
        out += amp * np.exp(-t / tau) * beat * np.sin(TAU * f * t + rng.uniform(0, TAU))
    scrape = rng.standard_normal(n) * np.exp(-t / 0.05)
    out += 0.8 * sweep(scrape, lambda f, tt: bandpass(7000 - 30000 * min(tt, 0.12), 2.0)(f))
    out += 0.5 * np.exp(-t / 0.02) * np.sin(TAU * 180 * t)
    out *= 1 - np.exp(-t / 0.0005)
    return fades(out, 0.0, 0.02)


def sfx_fight(rng):
    n = samples(1.6)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    add_at(buf, 0.35 * whoosh(0.25, rng, 500, 2500, peak_at=0.8, width=0.25), 0)
    add_at(buf, clash(1180, rng, 1.2), samples(0.2))
    add_at(buf, 0.35 * whoosh(0.2, rng, 700, 3000, peak_at=0.8, width=0.25), samples(0.42))
    add_at(buf, 0.85 * clash(1390, rng, 1.0), samples(0.58))
    return reverb(buf, rng, wet=0.22, rt60=1.0, tail=0.3)


def impact(rng, size: float) -> np.ndarray:
    """A thump: falling sine, low noise burst, crunch; `size` 0 (small) .. 1 (big)."""
    length = 0.7 + 1.0 * size
    n = samples(length)
    t = times(n)
    f = (40 - 12 * size) + (120 - 20 * size) * np.exp(-t / (0.05 + 0.05 * size))
    body = np.sin(TAU * np.cumsum(f) / SR) * np.exp(-t / (0.15 + 0.35 * size))
    noise = rng.standard_normal(n)
    burst = sweep(
        noise * np.exp(-t / (0.06 + 0.3 * size)),
        lambda ff, tt: lowpass(250 + (2500 + 2500 * size) * np.exp(-max(tt, 0) / (0.05 + 0.2 * size)), 2)(ff),
    )
    crunch = spectral(noise * np.exp(-t / 0.025), bandpass(900, 0.8))
    out = 1.2 * body + (0.9 + 0.6 * size) * burst + 0.5 * crunch
    if size > 0.5:  # debris falling back
        for _ in range(40):
            at = rng.uniform(0.12, 1.1)
            add_at(out, rng.uniform(0.02, 0.08) * np.exp(-at) * click_hit(rng, knock_amp=0.2), samples(at))
    out *= 1 - np.exp(-t / 0.0008)
    return soft_clip(fades(out, 0.0, 0.05), 1.3)


def sfx_shock_small(rng):
    return reverb(impact(rng, 0.0), rng, wet=0.15, rt60=0.8, tail=0.2)


def sfx_shock_big(rng):
    return reverb(impact(rng, 1.0), rng, wet=0.25, rt60=1.6, tail=0.6)


def sfx_hole(rng):
    n = samples(1.9)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    fall = 1.15
    m = samples(fall)
    t = times(m)
    freq = 1900 * (320 / 1900) ** (t / fall) * (1 + 0.012 * np.sin(TAU * 6 * t))
    phase = TAU * np.cumsum(freq) / SR
    env = np.minimum(1, t / 0.06) * np.minimum(1, (fall - t) / 0.04) * (1 - 0.35 * t / fall)
    whistle = env * (np.sin(phase) + 0.12 * np.sin(2 * phase))
    glide = lambda tt: 1900 * (320 / 1900) ** np.clip(tt / fall, 0, 1)  # noqa: E731
    breath = sweep(rng.standard_normal(m), lambda f, tt: bandpass(glide(tt), 6)(f))
    add_at(buf, 0.6 * whistle + 0.25 * env * breath, 0)
    thud = impact(rng, 0.2)
    add_at(buf, 1.1 * thud, samples(fall))
    dust = rng.standard_normal(samples(0.5)) * np.exp(-times(0.5) / 0.12)
    add_at(buf, 0.2 * spectral(dust, lowpass(1500, 2)), samples(fall + 0.02))
    return reverb(buf, rng, wet=0.2, rt60=1.0, tail=0.3)


PENTA = ["D", "E", "F#", "A", "B"]


def penta(octave_from: int, count: int) -> list[float]:
    names = [f"{p}{octave_from + i // 5}" for i, p in enumerate(PENTA * ((count + 4) // 5))]
    return [note(x) for x in names[:count]]


def sfx_shortcut(rng):
    n = samples(1.5)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    add_at(buf, 0.5 * whoosh(1.1, rng, 300, 6000, q=3, peak_at=0.6, width=0.3), 0)
    for i, f in enumerate(penta(5, 11)):
        add_at(buf, 0.28 * bar(f, 0.9, 0.35, seed=i), samples(0.08 + 0.055 * i))
        add_at(buf, 0.12 * bar(f * 1.004, 0.9, 0.35, seed=i + 50), samples(0.09 + 0.055 * i))
    t = times(1.2)
    pad = sum(np.sin(TAU * note(x) * t) * (1 + 0.3 * np.sin(TAU * 7 * t)) for x in ("D4", "A4", "F#5"))
    pad *= np.sin(np.pi * t / 1.2) ** 2
    add_at(buf, 0.1 * pad, samples(0.1))
    return reverb(buf, rng, wet=0.45, rt60=1.8, tail=0.8)


def creak(length: float, rng) -> np.ndarray:
    """A wooden hinge: stick-slip pulses at a wandering rate through wood resonances."""
    n = samples(length)
    pulses = np.zeros(n)
    at, i = 0.0, 0
    while at < length:
        frac = at / length
        rate = 45 + 90 * frac + 25 * np.sin(TAU * 2.5 * at)
        k = samples(at)
        if k < n:
            pulses[k] = rng.uniform(0.5, 1.0) * np.sin(np.pi * min(1, frac * 1.3)) ** 0.5
        at += rng.uniform(0.9, 1.1) / rate
        i += 1
    grain = np.exp(-times(0.004) / 0.0008) * rng.standard_normal(samples(0.004))
    excitation = np.convolve(pulses, grain)[:n]
    bands = [spectral(excitation, bandpass(f, 9)) * g for f, g in ((430, 1.0), (970, 0.8), (1760, 0.5), (2900, 0.3))]
    return fades(np.sum(bands, axis=0), 0.01, 0.03)


def sfx_chest(rng):
    n = samples(1.7)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    c = creak(0.6, rng)
    add_at(buf, 0.9 * c / np.max(np.abs(c)), 0)
    add_at(
        buf,
        0.6 * click_hit(rng, modes=((700, 0.02), (1300, 0.01), (2100, 0.006)), knock=140, knock_amp=1.0, length=0.2),
        samples(0.6),
    )
    sparkle = [note(x) for x in ("A5", "D6", "F#6", "A6", "B6", "D7", "E7", "F#7")]
    for i, f in enumerate(sparkle):
        at = 0.68 + 0.05 * i + rng.uniform(0, 0.02)
        add_at(buf, 0.22 * (1 - 0.05 * i) * bar(f, 0.8, 0.3, seed=i), samples(at))
    return reverb(buf, rng, wet=0.35, rt60=1.4, tail=0.6)


def sfx_pickup(rng):
    n = samples(0.6)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    add_at(buf, 0.7 * bar(note("B5"), 0.5, 0.18, seed=1), 0)
    add_at(buf, 0.9 * bar(note("E6"), 0.55, 0.3, seed=2), samples(0.075))
    add_at(buf, 0.2 * bar(note("B6"), 0.5, 0.2, seed=3), samples(0.08))
    return reverb(buf, rng, wet=0.25, rt60=0.9, tail=0.35)


def sfx_lucky(rng):
    n = samples(0.9)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    for i, f in enumerate(penta(6, 7)):
        add_at(buf, (0.3 + 0.08 * i) * bar(f, 0.6, 0.25, seed=i), samples(0.04 * i))
    return reverb(buf, rng, wet=0.35, rt60=1.2, tail=0.5)


def sfx_shield(rng):
    n = samples(1.6)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    add_at(buf, 0.8 * bell(340, 1.5, 0.9, seed=4), 0)
    add_at(buf, 0.4 * click_hit(rng, modes=((1900, 0.02), (3100, 0.01)), knock=120, knock_amp=0.8, length=0.15), 0)
    for i, f in enumerate(penta(6, 5)):
        add_at(buf, 0.12 * bar(f, 0.6, 0.3, seed=10 + i), samples(0.05 + 0.04 * i))
    return reverb(buf, rng, wet=0.3, rt60=1.3, tail=0.5)


def sfx_fireball(rng):
    length = 1.8
    n = samples(length)
    t = times(n)
    buf = np.zeros(n)
    add_at(buf, 0.8 * whoosh(0.6, rng, 250, 2200, q=1.2, peak_at=0.75, width=0.3), 0)
    roar = brown(n, rng)
    flicker = 0.5 + 0.5 * smooth_random(n, 9, rng)
    roar = sweep(roar, lambda f, tt: lowpass(500 + 3000 * np.exp(-max(tt - 0.35, 0) / 0.5), 2)(f))
    env = np.clip((t - 0.3) / 0.12, 0, 1) * np.exp(-np.maximum(t - 0.45, 0) / 0.45)
    buf += 2.2 * roar * flicker * env
    for _ in range(90):  # crackling embers
        at = rng.uniform(0.35, 1.5)
        k = samples(at)
        m = samples(0.004)
        if k + m < n:
            buf[k : k + m] += rng.uniform(0.05, 0.25) * env[k] * rng.standard_normal(m) * np.exp(-times(m) / 0.0008)
    buf = soft_clip(buf, 1.5)
    return reverb(fades(buf, 0.005, 0.05), rng, wet=0.2, rt60=1.2, tail=0.4)


def sfx_lightning(rng):
    length = 2.6
    n = samples(length)
    t = times(n)
    buf = np.zeros(n)
    # electric crackle building up, then the crack
    for _ in range(220):
        at = 0.3 * rng.power(2.5)
        k = samples(at)
        m = samples(0.003)
        buf[k : k + m] += rng.uniform(0.1, 0.5) * (0.3 + at / 0.3) * rng.standard_normal(m) * np.exp(-times(m) / 0.0005)
    buf = spectral(buf, highpass(1800, 2))
    crack_at = samples(0.3)
    crack = rng.standard_normal(samples(0.2)) * np.exp(-times(0.2) / 0.025)
    add_at(buf, 1.4 * spectral(crack, highpass(300, 1)), crack_at)
    for _ in range(60):
        at = 0.3 + rng.exponential(0.05)
        add_at(
            buf, rng.uniform(0.1, 0.5) * spectral(rng.standard_normal(samples(0.004)), highpass(2000, 1)), samples(at)
        )
    # thunder: rumbles that roll away
    rumble = spectral(brown(n, rng), lowpass(260, 3))
    rolls = 0.25 + 0.75 * smooth_random(n, 3.5, rng) ** 1.5
    env = np.clip((t - 0.32) / 0.08, 0, 1) * np.exp(-np.maximum(t - 0.4, 0) / 0.65)
    buf += 3.0 * rumble * rolls * env
    buf = soft_clip(buf, 1.2)
    return reverb(fades(buf, 0.002, 0.1), rng, wet=0.3, rt60=2.0, tail=0.6)


def sfx_throw(rng):
    out = whoosh(0.55, rng, 600, 2600, q=1.6, peak_at=0.5, width=0.22, spin=13)
    return reverb(out, rng, wet=0.15, rt60=0.7, tail=0.15)


def sfx_trap(rng):
    n = samples(0.7)
    t = times(n)
    buf = np.zeros(n)
    snap = spectral(rng.standard_normal(n) * np.exp(-t / 0.002), highpass(1500, 1))
    ring = sum(
        a * np.exp(-t / d) * np.sin(TAU * f * t)
        for f, a, d in ((1830, 0.5, 0.09), (3120, 0.35, 0.06), (4710, 0.25, 0.04), (6550, 0.15, 0.03))
    )
    f_spring = 310 * (1 + 0.25 * np.exp(-t / 0.02)) * (1 + 0.03 * np.sin(TAU * 23 * t))
    spring = 0.35 * np.exp(-t / 0.16) * np.sin(TAU * np.cumsum(f_spring) / SR)
    thunk = 0.8 * np.exp(-t / 0.03) * np.sin(TAU * 120 * t)
    buf += (1.2 * snap + ring + spring + thunk) * (1 - np.exp(-t / 0.0003))
    add_at(buf, 0.35 * click_hit(rng, knock_amp=0.1), samples(0.035))  # the second jaw
    return reverb(fades(buf, 0.0, 0.02), rng, wet=0.15, rt60=0.7, tail=0.2)


def cymbal(length: float, rng, decay: float = 0.8) -> np.ndarray:
    n = samples(length)
    t = times(n)
    noise = rng.standard_normal(n) * np.exp(-t / decay) * (1 - np.exp(-t / 0.002))
    out = spectral(noise, highpass(3500, 2), lowpass(10000, 1))
    metal = sum(np.sin(TAU * f * t + rng.uniform(0, TAU)) for f in rng.uniform(3000, 9000, 24))
    out += 0.05 * metal * np.exp(-t / (decay * 0.7))
    return fades(out, 0.0, length * 0.4)


def horns(buf: np.ndarray, parts: list[list[tuple[str, float, float]]], loud: float = 1.0) -> None:
    """Brass voices: each part is a list of (note, start s, length s)."""
    for v, part in enumerate(parts):
        for i, (name, start, length) in enumerate(part):
            add_at(buf, (0.55 if v else 0.8) * brass(note(name), length, loud, seed=v * 100 + i), samples(start))


def sfx_finish(rng):
    n = samples(2.4)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    s = 0.115
    top = [
        ("G4", 0, s),
        ("G4", s, s),
        ("G4", 2 * s, s),
        ("C5", 3 * s, 0.32),
        ("G4", 3 * s + 0.36, 0.12),
        ("C5", 3 * s + 0.5, 1.0),
    ]
    mid = [
        ("E4", 0, s),
        ("E4", s, s),
        ("E4", 2 * s, s),
        ("G4", 3 * s, 0.32),
        ("E4", 3 * s + 0.36, 0.12),
        ("E4", 3 * s + 0.5, 1.0),
    ]
    low = [("C3", 3 * s, 0.32), ("G3", 3 * s + 0.36, 0.12), ("C3", 3 * s + 0.5, 1.0)]
    horns(buf, [top, mid, low])
    add_at(buf, 0.9 * membrane(note("C3") * 1.4, note("C3"), 1.2, 0.5, rng, slap=0.2), samples(3 * s))
    add_at(buf, 1.0 * membrane(note("C3") * 1.4, note("C3"), 1.5, 0.6, rng, slap=0.2), samples(3 * s + 0.5))
    add_at(buf, 0.25 * cymbal(2.4, rng, 0.5), samples(3 * s + 0.5))
    return reverb(buf, rng, wet=0.3, rt60=1.6, tail=0.6)


def sfx_victory(rng):
    n = samples(4.6)
    buf = np.zeros(n + samples(1.0))  # room for tails; trimmed later
    for i, name in enumerate(["C4", "E4", "G4", "C5", "E5", "G5", "C6"]):
        add_at(buf, 0.5 * harp(note(name), 2.5, seed=i), samples(0.05 * i))
    b = 0.19
    top = [
        ("E5", 0.35, b),
        ("G5", 0.35 + b, b),
        ("C6", 0.35 + 2 * b, 0.5),
        ("B5", 1.1, b),
        ("A5", 1.1 + b, b),
        ("B5", 1.1 + 2 * b, b),
        ("G5", 1.1 + 3 * b, 0.45),
        ("A5", 2.25, b),
        ("B5", 2.25 + b, b),
        ("C6", 2.25 + 2 * b, 1.5),
    ]
    mid = [
        ("C5", 0.35 + 2 * b, 0.5),
        ("D5", 1.1, 3 * b),
        ("D5", 1.1 + 3 * b, 0.45),
        ("F5", 2.25, 2 * b),
        ("E5", 2.25 + 2 * b, 1.5),
    ]
    low = [("C4", 0.35 + 2 * b, 0.5), ("G3", 1.1, 3 * b + 0.45), ("F3", 2.25, 2 * b), ("C4", 2.25 + 2 * b, 1.5)]
    horns(buf, [[(nm, s, ln) for nm, s, ln in top], mid, low], loud=0.9)
    for at in (0.35 + 2 * b, 1.1, 2.25 + 2 * b):
        add_at(buf, 0.8 * membrane(note("C3") * 1.4, note("C3"), 1.4, 0.5, rng, slap=0.2), samples(at))
    add_at(buf, 0.2 * cymbal(2.8, rng, 0.6), samples(2.25 + 2 * b))
    for i, name in enumerate(["C5", "E5", "G5", "C6", "E6", "G6"]):  # a last sparkle
        add_at(buf, 0.15 * bar(note(name), 1.0, 0.4, seed=20 + i), samples(2.25 + 2 * b + 0.06 * i))
    return reverb(buf, rng, wet=0.32, rt60=1.8, tail=0.2)


def sfx_click(rng):
    n = samples(0.05)
    t = times(n)
    out = np.exp(-t / 0.004) * np.sin(TAU * 1850 * t) + 0.5 * np.exp(-t / 0.008) * np.sin(TAU * 420 * t)
    out += 0.2 * spectral(rng.standard_normal(n) * np.exp(-t / 0.0015), highpass(3000, 1))
    return fades(out * (1 - np.exp(-t / 0.0004)), 0.0, 0.008)


def sfx_hover(rng):
    n = samples(0.045)
    t = times(n)
    out = np.sin(np.pi * np.minimum(t / 0.045, 1)) ** 2 * np.exp(-t / 0.015) * np.sin(TAU * 2640 * t)
    return fades(out, 0.001, 0.008)


# name -> (maker, target loudness in LUFS). Peaks are kept at or under -3 dBFS, so the
# loudest effects may end a little under their target. UI sounds and steps are soft on purpose.
EFFECTS: dict[str, tuple[Callable, float]] = {
    "dice": (sfx_dice, -19),
    "step": (sfx_step, -27),
    "fight": (sfx_fight, -17),
    "shock_small": (sfx_shock_small, -18),
    "shock_big": (sfx_shock_big, -15),
    "hole": (sfx_hole, -18),
    "shortcut": (sfx_shortcut, -19),
    "chest": (sfx_chest, -19),
    "pickup": (sfx_pickup, -20),
    "lucky": (sfx_lucky, -21),
    "shield": (sfx_shield, -20),
    "fireball": (sfx_fireball, -17),
    "lightning": (sfx_lightning, -16),
    "throw": (sfx_throw, -21),
    "trap": (sfx_trap, -19),
    "finish": (sfx_finish, -17),
    "victory": (sfx_victory, -17),
    "click": (sfx_click, -29),
    "hover": (sfx_hover, -31),
}

# ------------------------------------------------------------------ music


class Loop:
    """A stereo buffer that is a circle: everything added past the end comes back at the start."""

    def __init__(self, bpm: float, beats: int) -> None:
        self.beat = samples(60 / bpm)
        self.n = self.beat * beats
        self.buf = np.zeros((2, self.n))

    def at(self, beat: float) -> int:
        return int(round(beat * self.beat))

    def add(self, x: np.ndarray, beat: float, position: float = 0.0, gain: float = 1.0) -> None:
        add_at(self.buf, pan(x * gain, position), self.at(beat), wrap=True)

    def loop_freq(self, freq: float) -> float:
        """The nearest frequency with a whole number of cycles in the loop (so drones never jump)."""
        return round(freq * self.n / SR) / (self.n / SR)

    def drone(self, names: list[str], gain: float, rng, detune: float = 0.25) -> None:
        """A hurdy-gurdy-like drone: bowed-string harmonics, slow breathing, slightly wide."""
        t = np.arange(self.n) / SR
        seconds = self.n / SR
        for ch in range(2):
            out = np.zeros(self.n)
            for j, name in enumerate(names):
                base = note(name) + (detune if ch else -detune) * (j + 1) * 0.5
                for k in range(1, 13):
                    f = self.loop_freq(base * k)
                    out += np.sin(TAU * f * t + rng.uniform(0, TAU)) / k**1.3
            breath = 1 + 0.15 * np.sin(TAU * round(seconds / 6) / seconds * t + ch)
            self.buf[ch] += gain * spectral(out, lowpass(1400, 2), circular=True) * breath

    def finish(self, rng, wet: float, rt60: float) -> np.ndarray:
        ir = reverb_ir(rng, rt60, channels=2)
        out = self.buf.copy()
        for ch in range(2):
            w = convolve(self.buf[ch], ir[ch])
            tmp = np.zeros(self.n)
            add_at(tmp, w, 0, wrap=True)
            out[ch] += wet * tmp
        return out


def strum(loop: Loop, names: list[str], beat: float, gain: float, position: float, ring: float, seed: int) -> None:
    for i, name in enumerate(names):
        x = pluck(note(name), ring, pos=0.2, decay=0.7, bright=0.7, damp_after=ring - 0.1, seed=seed + i)
        add_at(loop.buf, pan(x * gain, position), loop.at(beat) + samples(0.014 * i), wrap=True)


def melody(
    loop: Loop,
    bars: list[list[tuple[str, float]]],
    first_beat: float,
    per_bar: int,
    gain: float,
    position: float,
    voice: Callable,
    seed: int,
) -> None:
    """Play a tune like a person would: downbeats leaned on, small random nuances of time and touch."""
    feel = np.random.default_rng(seed)
    for b, notes in enumerate(bars):
        beat = first_beat + b * per_bar
        assert abs(sum(d for _, d in notes) - per_bar) < 1e-9, (b, notes)
        for i, (name, dur) in enumerate(notes):
            if name != "-":
                seconds = dur * loop.beat / SR
                accent = 1.0 if beat % per_bar == 0 else 0.9 if beat % 1 == 0 else 0.8
                touch = gain * accent * feel.uniform(0.9, 1.05)
                late = samples(feel.uniform(0.0, 0.012))
                add_at(
                    loop.buf,
                    pan(voice(note(name), seconds, seed + 17 * b + i) * touch, position),
                    loop.at(beat) + late,
                    wrap=True,
                )
            beat += dur


def bars(text: str) -> list[list[tuple[str, float]]]:
    """'D5 1.5 E5 .5 | ...' -> bars of (note, beats)."""
    out = []
    for chunk in text.split("|"):
        words = chunk.split()
        out.append([(words[i], float(words[i + 1])) for i in range(0, len(words), 2)])
    return out


CHORDS = {
    "Dm": ["D3", "A3", "D4", "F4", "A4", "F4"],
    "C": ["C3", "G3", "C4", "E4", "G4", "E4"],
    "G": ["G2", "D3", "G3", "B3", "D4", "B3"],
    "F": ["F2", "C3", "F3", "A3", "C4", "A3"],
    "Am": ["A2", "E3", "A3", "C4", "E4", "C4"],
    "D": ["D3", "A3", "D4", "F#4", "A4", "F#4"],
}


def music_menu(rng):
    """D dorian, 3/4 at 80 bpm, 20 bars: harp arpeggios, a lute tune, a drone, a soft frame drum."""
    per_bar = 3
    loop = Loop(80, 20 * per_bar)
    progression = "Dm C G Dm Dm C F C Dm G Am Dm F C G Dm F C Am Dm".split()
    for b, chord in enumerate(progression):
        for i, name in enumerate(CHORDS[chord]):
            loop.add(
                harp(note(name), 2.4, seed=b * 10 + i),
                b * per_bar + i * 0.5 + rng.uniform(0, 0.015),
                -0.3 + 0.1 * i,
                0.3 * (1.15 if i == 0 else 0.95 if i == 3 else 0.85) * rng.uniform(0.92, 1.05),
            )
    tune = bars(
        "D5 1.5 E5 .5 F5 1 | E5 1 C5 1 G4 1 | A4 1.5 C5 .5 F5 1 | E5 3 |"
        "F5 1 E5 .5 D5 .5 C5 1 | B4 1 D5 1 G4 1 | C5 1.5 B4 .5 A4 1 | D5 3 |"
        "A5 1.5 G5 .5 F5 1 | E5 1 G5 1 E5 1 | D5 1 B4 1 D5 1 | A4 3 |"
        "C5 1 F5 1 A5 1 | G5 1.5 F5 .5 E5 1 | E5 1.5 D5 .5 C5 1 | D5 2 A4 1"
    )
    melody(loop, tune, 4 * per_bar, per_bar, 0.9, 0.1, lambda f, s, sd: lute(f, s, sd), 1000)
    loop.drone(["D2", "A2"], 0.05, rng)
    for b in range(20):
        loop.add(membrane(98, note("D2"), 0.8, 0.35, rng, slap=0.15), b * per_bar, 0.0, 0.25 if b >= 4 else 0.12)
        if b >= 4:
            loop.add(membrane(180, 150, 0.3, 0.08, rng, slap=0.5), b * per_bar + 2, 0.1, 0.08)
        if b % 4 == 0:
            loop.add(bell(note("A6"), 2.0, 0.6, seed=b), b * per_bar, 0.4, 0.05)
    return loop.finish(rng, wet=0.35, rt60=2.2)


def music_race(rng):
    """D mixolydian, 4/4 at 126 bpm, 24 bars: lute tune, oom-pah strums, frame drum, tambourine, drone."""
    per_bar = 4
    loop = Loop(126, 24 * per_bar)
    section_a = "D C D Am D C G D".split()
    section_b = "G D C D G D Am D".split()
    progression = section_a + section_b + section_a
    bass_root = {"D": ("D2", "A2"), "C": ("C2", "G2"), "G": ("G2", "D2"), "Am": ("A2", "E2")}
    upper = {"D": ["D4", "F#4", "A4"], "C": ["C4", "E4", "G4"], "G": ["B3", "D4", "G4"], "Am": ["A3", "C4", "E4"]}
    for b, chord in enumerate(progression):
        root, fifth = bass_root[chord]
        for beat, name in ((0, root), (2, fifth)):
            loop.add(
                pluck(note(name), 1.2, pos=0.2, decay=0.8, bright=0.6, damp_after=0.85, seed=b * 4 + beat),
                b * per_bar + beat,
                -0.05,
                0.55,
            )
        for beat in (1, 3):
            strum(loop, upper[chord], b * per_bar + beat, 0.16, -0.3, 0.45, seed=5000 + b * 8 + beat)
    a = (
        "D5 .5 E5 .5 F#5 1 A5 1 F#5 .5 E5 .5 | E5 .5 D5 .5 C5 1 E5 1 G5 1 |"
        "F#5 .5 G5 .5 A5 1 D5 1 F#5 .5 A5 .5 | E5 1 C5 .5 A4 .5 E5 2 |"
        "D5 .5 E5 .5 F#5 1 A5 1 B5 .5 A5 .5 | G5 1 E5 .5 C5 .5 G5 1 E5 1 |"
        "D5 .5 E5 .5 G5 .5 B5 .5 A5 1 G5 1 | F#5 1 E5 1 D5 2"
    )
    b_part = (
        "B5 1 A5 .5 G5 .5 D5 1 G5 1 | A5 1 F#5 .5 E5 .5 D5 1 F#5 1 |"
        "G5 1 E5 .5 C5 .5 G4 1 C5 1 | F#5 .5 E5 .5 D5 .5 E5 .5 F#5 1 A5 1 |"
        "B5 .5 C6 .5 B5 .5 A5 .5 G5 1 D5 1 | F#5 .5 G5 .5 A5 .5 F#5 .5 D5 2 |"
        "C5 1 E5 .5 A5 .5 G5 1 E5 1 | D5 2 A4 1 C5 1"
    )
    lute_voice = lambda f, s, sd: lute(f, s, sd)  # noqa: E731
    melody(loop, bars(a), 0, per_bar, 0.5, 0.2, lute_voice, 2000)
    melody(loop, bars(b_part), 8 * per_bar, per_bar, 0.5, 0.2, lute_voice, 3000)
    melody(loop, bars(a), 16 * per_bar, per_bar, 0.42, 0.2, lute_voice, 4000)
    # third section: a harp doubles the tune an octave below
    melody(
        loop,
        bars(a),
        16 * per_bar,
        per_bar,
        0.3,
        -0.4,
        lambda f, s, sd: pluck(f / 2, s + 1.0, pos=0.3, decay=1.0, bright=0.6, damp_after=s + 0.2, seed=sd),
        6000,
    )
    loop.drone(["D2", "A2"], 0.04, rng)
    for b in range(24):
        base = b * per_bar
        for at, gain in ((0, 0.45), (1.5, 0.25), (2, 0.4)):  # beats of the bar, some between two
            loop.add(membrane(110, note("D2"), 0.6, 0.22, rng, slap=0.2), base + at, 0.0, gain)
        for beat in (1, 3):
            loop.add(membrane(240, 200, 0.2, 0.04, rng, slap=0.9), base + beat, 0.05, 0.18)
        for e in range(8):
            loop.add(jingles(0.2, rng, 0.05 if e % 2 else 0.03), base + e * 0.5, 0.45, 0.05 if e % 2 else 0.025)
        if b % 8 == 7:
            loop.add(jingles(0.6, rng, 0.2), base + 3.5, 0.45, 0.07)
    return loop.finish(rng, wet=0.25, rt60=1.5)


MUSIC: dict[str, Callable] = {"menu": music_menu, "race": music_race}

# ------------------------------------------------------------------ measuring and writing


def loudness(x: np.ndarray) -> float:
    """Integrated loudness (LUFS, ITU-R BS.1770 style: K-weighting, 400 ms blocks, gating)."""
    x = np.atleast_2d(x)
    fc = 1681.0
    shelf_gain = 10 ** (4 / 20)

    def k_weight(f):
        return np.sqrt((1 + (shelf_gain * f / fc) ** 2) / (1 + (f / fc) ** 2)) * f**2 / np.sqrt(f**4 + 38.0**4)

    y = spectral(x, k_weight)
    block, hop = samples(0.4), samples(0.1)
    powers = np.array(
        [np.sum(np.mean(y[:, s : s + block] ** 2, axis=1)) for s in range(0, max(1, y.shape[1] - block + 1), hop)]
    )
    lk = -0.691 + 10 * np.log10(powers + 1e-12)
    kept = powers[lk > -70]
    if not len(kept):
        return -70.0
    rel = -0.691 + 10 * np.log10(np.mean(kept)) - 10
    kept = powers[(lk > -70) & (lk > rel)]
    return float(-0.691 + 10 * np.log10(np.mean(kept)))


def to_db(v: float) -> float:
    return 20 * np.log10(max(v, 1e-9))


def write_wav(path: Path, x: np.ndarray, rng: np.random.Generator) -> None:
    x = np.atleast_2d(x)
    dither = (rng.random(x.shape) - rng.random(x.shape)) / 32768  # TPDF, one LSB
    pcm = np.clip(np.round((x + dither) * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(x.shape[0])
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.T.tobytes())


def encode(wav: Path, ogg: Path, quality: float, serial: int) -> None:
    ogg.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["oggenc", "-Q", "-q", str(quality), "-s", str(serial), "-o", str(ogg), str(wav)], check=True)


def decode(ogg: Path, tmp: Path) -> np.ndarray:
    """The samples of an Ogg file as the game will hear them (oggdec), channels first."""
    wav = tmp / f"{ogg.stem}.decoded.wav"
    subprocess.run(["oggdec", "-Q", "-o", str(wav), str(ogg)], check=True)
    with wave.open(str(wav), "rb") as w:
        channels = w.getnchannels()
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float) / 32768
    return pcm.reshape(-1, channels).T


def write_ogg(x: np.ndarray, ogg: Path, quality: float, seed: int, tmp: Path, ceiling_db: float) -> np.ndarray:
    """Encode x; if the decoded peaks overshoot the ceiling (Vorbis rings around transients), turn it down."""
    for _ in range(4):
        wav = tmp / f"{ogg.stem}.wav"
        write_wav(wav, x, np.random.default_rng(seed + 1))
        encode(wav, ogg, quality, seed & 0x7FFFFFFF)
        over = to_db(np.max(np.abs(decode(ogg, tmp)))) - ceiling_db
        if over <= 0.05:
            break
        x = x * 10 ** (-(over + 0.1) / 20)
    return x


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode())


def trim_tail(x: np.ndarray, floor_db: float = -60) -> np.ndarray:
    """Cut the silence after the last sample louder than floor_db (relative to the peak), with a fade."""
    loud = np.nonzero(np.abs(x) > np.max(np.abs(x)) * 10 ** (floor_db / 20))[0]
    end = min(len(x), loud[-1] + samples(0.05))
    return fades(x[:end], 0.0, 0.05)


def render_effect(name: str, ceiling_db: float = -3.0, max_squash_db: float = 5.0) -> np.ndarray:
    """The effect at its target loudness; peaks above the ceiling are softly limited (a few dB at most)."""
    maker, target_lufs = EFFECTS[name]
    x = maker(np.random.default_rng(seed_of(name)))
    x = trim_tail(x - np.mean(x))
    x = x * 10 ** ((target_lufs - loudness(x)) / 20)
    ceiling = 10 ** (ceiling_db / 20)
    allowed = ceiling * 10 ** (max_squash_db / 20)
    if np.max(np.abs(x)) > allowed:
        x = x * allowed / np.max(np.abs(x))
    return limit(x, ceiling)


def render_music(name: str, target_lufs: float = -16.0, ceiling_db: float = -1.5) -> np.ndarray:
    x = MUSIC[name](np.random.default_rng(seed_of(name)))
    x = x - np.mean(x, axis=1, keepdims=True)
    for _ in range(3):  # gain to the target, then a soft limit; repeat to settle
        x = x * 10 ** ((target_lufs - loudness(x)) / 20)
        x = limit(x, 10 ** (ceiling_db / 20))
    return x


def check(path: Path, spectro_dir: Path) -> str:
    """Decode with sox: peak and RMS of the decoded file, and a spectrogram PNG."""
    spectro_dir.mkdir(parents=True, exist_ok=True)
    stats = subprocess.run(["sox", str(path), "-n", "stats"], capture_output=True, text=True).stderr
    fields = {}
    for line in stats.splitlines():  # "Pk lev dB   -3.10   -3.10   -3.42": overall first
        words = line.split()
        for i, word in enumerate(words):
            if word.lstrip("-").replace(".", "", 1).isdigit() or word == "-inf":
                fields[" ".join(words[:i])] = word
                break
    subprocess.run(
        [
            "sox",
            str(path),
            "-n",
            "remix",
            "-",
            "spectrogram",
            "-x",
            "800",
            "-y",
            "257",
            "-t",
            path.stem,
            "-o",
            str(spectro_dir / f"{path.stem}.png"),
        ],
        check=True,
    )
    return f"decoded peak {fields.get('Pk lev dB', '?')} dB, RMS {fields.get('RMS lev dB', '?')} dB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "assets"))
    parser.add_argument("--only", default="", help="comma-separated names to make (default: all)")
    parser.add_argument("--check", action="store_true", help="decode with sox and draw spectrograms")
    args = parser.parse_args(argv)
    if shutil.which("oggenc") is None:
        print("make_sounds: oggenc not found; install vorbis-tools (apt-get install vorbis-tools)", file=sys.stderr)
        return 1
    only = {n for n in args.only.split(",") if n}
    unknown = only - set(EFFECTS) - set(MUSIC)
    if unknown:
        print(f"make_sounds: unknown sound(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    out = Path(args.out)
    jobs = [("sounds", n, render_effect, 4, -3.0) for n in EFFECTS] + [
        ("music", n, render_music, 2, -1.0) for n in MUSIC
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for folder, name, render, quality, ceiling_db in jobs:
            if only and name not in only:
                continue
            ogg = out / folder / f"{name}.ogg"
            x = write_ogg(render(name), ogg, quality, seed_of(name), Path(tmp), ceiling_db)
            seconds = np.atleast_2d(x).shape[-1] / SR
            line = (
                f"{folder}/{name}.ogg: {seconds:5.2f} s, peak {to_db(np.max(np.abs(x))):6.1f} dBFS, "
                f"{loudness(x):6.1f} LUFS, {ogg.stat().st_size / 1024:6.1f} KiB"
            )
            if args.check:
                line += ", " + check(ogg, Path(tempfile.gettempdir()) / "fr-sounds")
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
