"""A ``qtbot`` that waits longer before it gives up.

A wait ends as soon as what it waits for happens, so its limit only decides how long a
failing test takes to say so. pytest-qt's 5 s was exceeded by a search answer on a 2-core
machine running two whole suites at once (four workers and two database servers): a
machine that busy is what CI may be. Every limit a test names, and every default one, is
multiplied by ``PATIENCE``; pytest-timeout's 300 s per test still bounds them all.
"""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

PATIENCE = 4


class PatientQtBot(QtBot):
    def waitUntil(self, callback: Any, *, timeout: int = 5000) -> None:
        super().waitUntil(callback, timeout=timeout * PATIENCE)

    def waitSignal(self, signal: Any, *, timeout: int = 5000, **options: Any) -> Any:
        return super().waitSignal(signal, timeout=timeout * PATIENCE, **options)

    def waitSignals(self, signals: Any, *, timeout: int = 5000, **options: Any) -> Any:
        return super().waitSignals(signals, timeout=timeout * PATIENCE, **options)

    def waitExposed(self, widget: Any, *, timeout: int = 5000) -> Any:
        return super().waitExposed(widget, timeout=timeout * PATIENCE)

    def waitActive(self, widget: Any, *, timeout: int = 5000) -> Any:
        return super().waitActive(widget, timeout=timeout * PATIENCE)

    def waitCallback(self, *, timeout: int = 5000, **options: Any) -> Any:
        return super().waitCallback(timeout=timeout * PATIENCE, **options)
