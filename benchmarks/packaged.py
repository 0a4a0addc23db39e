"""The Linux build's size and start time (issue 48; the figures in docs/packaging.md come from here).

    .venv/bin/python benchmarks/packaged.py [--runs 7] [--dist dist/fantasy-racing] [--no-deb]

Builds the one-folder game with `pyinstaller build.spec` into a temporary folder (or measures the build
given by --dist), then prints:
- sizes: the folder, its .tar.gz (as the release workflow makes it: `tar -czf`, gzip level 6) and the
  Debian package (tools/make_deb.py; left out with --no-deb);
- start times, each run a fresh process from a scratch folder: `--version` (the bootloader unpacking
  Python and the game's imports for the command line), and the game itself to its first title frame
  with the dummy video driver (FANTASY_RACING_SCREENSHOT: it saves the frame and quits; the time is
  the whole run, start to exit); the median of --runs runs, with the fastest and the slowest;
- the machine: `uname -a`, the cores (nproc), the CPU and the load average before and after.
The first run of each is a cold start (the files not yet in the page cache) when the build is fresh.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_deb  # noqa: E402
import smoke_test  # noqa: E402

NAME = "fantasy-racing"


def build(out: Path) -> Path:
    """The one-folder build made into `out`; its folder."""
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--distpath", str(out / "dist"),
         "--workpath", str(out / "build"), str(ROOT / "build.spec")],
        cwd=ROOT, env=dict(os.environ, FANTASY_RACING_ONEFILE="0"), capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"pyinstaller build.spec failed:\n{done.stderr[-3000:]}")
    return out / "dist" / NAME


def megabytes(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def tar_gz(folder: Path, out: Path) -> Path:
    archive = out / f"{NAME}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=NAME)
    return archive


def timed(runs: int, once) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        once()
        times.append(time.perf_counter() - started)
    return times


def spread(times: list[float]) -> str:
    fastest, slowest = min(times), max(times)
    return f"median {statistics.median(times):.2f} s (fastest {fastest:.2f}, slowest {slowest:.2f}; {len(times)} runs)"


def machine() -> list[str]:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    uname = subprocess.run(["uname", "-a"], capture_output=True, text=True).stdout.strip() or " ".join(platform.uname())
    return [f"uname -a: {uname}", f"nproc: {os.cpu_count()}, CPU: {model}, Python {platform.python_version()}"]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="start-time runs of each kind (median)")
    parser.add_argument("--dist", type=Path, help="a one-folder build to measure (default: build one)")
    parser.add_argument("--no-deb", action="store_true", help="leave out the Debian package")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    for line in machine():
        print(line)
    print(f"load average before: {load()}")
    with tempfile.TemporaryDirectory(prefix="fantasy-racing-packaged-") as folder:
        scratch = Path(folder)
        if args.dist is None:
            started = time.perf_counter()
            game = build(scratch / "made")
            print(f"build: pyinstaller build.spec, {time.perf_counter() - started:.0f} s")
        else:
            game = args.dist.resolve()
        exe = game / NAME
        if not exe.is_file():
            raise SystemExit(f"{game}: no {NAME} there (a one-folder Linux build)")
        print(f"size of the folder: {megabytes(folder_size(game))} ({sum(1 for _ in game.rglob('*'))} files)")
        print(f"size of the .tar.gz: {megabytes(tar_gz(game, scratch).stat().st_size)}")
        if not args.no_deb:
            try:
                deb = make_deb.build_deb(game, scratch / "deb")
                print(f"size of the .deb: {megabytes(deb.stat().st_size)} (xz)")
            except make_deb.DebError as error:
                print(f"size of the .deb: not measured ({error})")
        home = scratch / "home"
        home.mkdir()
        version = timed(args.runs, lambda: smoke_test.run(exe, ["--version"], home))
        print(f"start to --version printed: {spread(version)}")
        frames = [smoke_test.first_frame(exe, home) for _ in range(args.runs)]
        print(f"start to the first frame (dummy video driver, saved, quit): {spread(frames)}")
        shutil.rmtree(home)
    print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
