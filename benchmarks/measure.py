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


@dataclass(frozen=True)
class Spread:
    """p50 and p95 of many timings of one operation beside the same for its baseline."""

    name: str
    p50: float
    p95: float
    baseline_name: str
    baseline_p50: float
    baseline_p95: float
    unit: str = "ms"
    target: str = ""

    @classmethod
    def of(
        cls,
        name: str,
        values: list[float],
        baseline_name: str,
        baseline: list[float],
        *,
        unit: str = "ms",
        target: str = "",
    ) -> Spread:
        return cls(
            name,
            percentile(values, 0.50),
            percentile(values, 0.95),
            baseline_name,
            percentile(baseline, 0.50),
            percentile(baseline, 0.95),
            unit,
            target,
        )

    @property
    def ratio(self) -> float:
        """p95 over the baseline's p95."""
        return self.p95 / self.baseline_p95 if self.baseline_p95 else float("inf")

    def line(self) -> str:
        target = f"  target {self.target}" if self.target else ""
        return (
            f"{self.name:<36} p50 {self.p50:7.2f} p95 {self.p95:7.2f} {self.unit:<3}| "
            f"{self.baseline_name:<28} p50 {self.baseline_p50:7.3f} p95 "
            f"{self.baseline_p95:7.3f} {self.unit:<3}| p95 ratio {self.ratio:5.2f}{target}"
        )


def report_spread(spread: Spread) -> None:
    sys.stdout.write(spread.line() + "\n")
    sys.stdout.flush()
