"""Time to first paint of the main window on a big database, beside a bare Qt window."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from benchmarks.measure import Figure, median

PROBE = [sys.executable, "-m", "benchmarks.first_paint_probe"]


def _probe(args: list[str]) -> dict[str, float]:
    """Milliseconds from starting the process to each moment the probe reports."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    started = time.monotonic()
    done = subprocess.run(
        PROBE + args, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    moments = {}
    for line in done.stdout.splitlines():
        label, _, value = line.partition(" ")
        moments[label] = (float(value) - started) * 1000
    if done.returncode != 0 or "paint" not in moments:
        raise RuntimeError(f"probe {args} failed: {done.stderr[-2000:]}")
    return moments


def first_paint(url: str, runs: int = 9) -> list[Figure]:
    _probe(["bare"])  # warm the file cache for both
    _probe(["app", url])
    bare: list[float] = []
    paint: list[float] = []
    ready: list[float] = []
    for _ in range(runs):
        bare.append(_probe(["bare"])["paint"])
        app = _probe(["app", url])
        paint.append(app["paint"])
        ready.append(app["ready"])
    baseline = median(bare)
    return [
        Figure(
            "start-up to first paint of the main window",
            median(paint),
            "bare PySide6 window, first paint",
            baseline,
            "ms",
            "<= 2.0x",
        ),
        Figure(
            "start-up to counter filled (db open, figures)",
            median(ready),
            "bare PySide6 window, first paint",
            baseline,
            "ms",
        ),
    ]


if __name__ == "__main__":
    from pathlib import Path

    from benchmarks.measure import report

    for figure in first_paint(f"sqlite:///{Path(sys.argv[1]).resolve()}"):
        report(figure)
