"""Time to first paint of the main window on a big database, beside a bare Qt window."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.measure import Figure, median

PROBE = [sys.executable, "-m", "benchmarks.first_paint_probe"]


def _first_paint_ms(args: list[str]) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.monotonic()
    done = subprocess.run(
        PROBE + args, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"probe {args} failed: {done.stderr[-2000:]}")
    return (float(done.stdout.strip().splitlines()[-1]) - started) * 1000


def first_paint(url: str, runs: int = 7) -> Figure:
    _first_paint_ms(["bare"])  # warm the file cache for both
    _first_paint_ms(["app", url])
    bare, app = [], []
    for _ in range(runs):
        bare.append(_first_paint_ms(["bare"]))
        app.append(_first_paint_ms(["app", url]))
    return Figure(
        "start-up to first paint, 100,000-dog database",
        median(app),
        "bare PySide6 window",
        median(bare),
        "ms",
        "<= 2.0x",
    )


if __name__ == "__main__":
    from benchmarks.measure import report

    report(first_paint(f"sqlite:///{Path(sys.argv[1]).resolve()}"))
