"""Small helpers for timing: medians and percentiles of repeated runs, and the report."""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    baseline_name: str
    baseline: float
    unit: str
    target: str = ""

    @property
    def ratio(self) -> float:
        return self.value / self.baseline if self.baseline else float("inf")

    def line(self) -> str:
        target = f"  target {self.target}" if self.target else ""
        return (
            f"{self.name:<44} {self.value:10.1f} {self.unit:<6} | {self.baseline_name:<34} "
            f"{self.baseline:10.1f} {self.unit:<6} | ratio {self.ratio:5.2f}{target}"
        )


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def report(figure: Figure) -> None:
    sys.stdout.write(figure.line() + "\n")
    sys.stdout.flush()
