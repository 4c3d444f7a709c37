"""What a whole run says of itself at the end: each test process's peak memory, beside the
total time and the slowest tests pytest prints (``--durations``), so that a suite growing
slower or heavier is seen in the run that made it so (docs/testing.md keeps the figures)."""

from __future__ import annotations

import resource
from typing import Any

import pytest

_PEAKS: dict[str, int] = {}


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


def pytest_terminal_summary(terminalreporter: Any) -> None:
    peaks = dict(sorted(_PEAKS.items())) or {"this process": _peak_mb()}
    said = ", ".join(f"{name} {mb:,} MB" for name, mb in peaks.items())
    terminalreporter.write_line(f"peak memory of the test processes: {said}")
