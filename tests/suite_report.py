"""What a whole run says of itself at the end: each test process's peak memory and the files
that took longest (setup, call and teardown summed, per worker too), beside the total time
and the slowest tests pytest prints (``--durations``), so that a suite growing slower or
heavier is seen in the run that made it so (docs/testing.md keeps the figures)."""

from __future__ import annotations

import resource
from typing import Any

import pytest

_PEAKS: dict[str, int] = {}
_FILES: dict[str, float] = {}
_WORKERS: dict[str, float] = {}
SLOWEST_FILES = 20


def _peak_mb() -> int:
    # Linux gives the peak resident size in kilobytes.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def pytest_sessionfinish(session: pytest.Session) -> None:
    output: dict[str, Any] | None = getattr(session.config, "workeroutput", None)
    if output is not None:  # a pytest-xdist worker: its controller reports
        output["peak_mb"] = _peak_mb()


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook
def pytest_testnodedown(node: Any, error: object) -> None:
    output = getattr(node, "workeroutput", None) or {}
    if "peak_mb" in output:
        _PEAKS[str(output.get("workerid", node.gateway.id))] = int(output["peak_mb"])


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    path = report.nodeid.split("::", 1)[0]
    _FILES[path] = _FILES.get(path, 0.0) + report.duration
    node = getattr(report, "node", None)
    worker = str(node.gateway.id) if node is not None else "this process"
    _WORKERS[worker] = _WORKERS.get(worker, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if len(_FILES) > 1:
        busy = ", ".join(f"{name} {seconds:,.0f} s" for name, seconds in sorted(_WORKERS.items()))
        terminalreporter.write_line(f"time in tests per process: {busy}")
        terminalreporter.write_line(f"slowest {SLOWEST_FILES} files (setup + call + teardown):")
        ranked = sorted(_FILES.items(), key=lambda item: item[1], reverse=True)
        for path, seconds in ranked[:SLOWEST_FILES]:
            terminalreporter.write_line(f"  {seconds:7.1f} s  {path}")
    peaks = dict(sorted(_PEAKS.items())) or {"this process": _peak_mb()}
    said = ", ".join(f"{name} {mb:,} MB" for name, mb in peaks.items())
    terminalreporter.write_line(f"peak memory of the test processes: {said}")
