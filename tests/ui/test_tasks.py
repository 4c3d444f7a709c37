"""Work run off the window's thread: its answer never reaches a screen deleted meanwhile,
whether the callback is the screen's method or a lambda over it."""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from clerkdesk.ui.tasks import TaskRunner


def test_an_answer_for_a_deleted_screen_is_dropped(qtbot: QtBot) -> None:
    runner = TaskRunner()
    label = QLabel("waiting")
    release = threading.Event()
    heard: list[str] = []

    def slow() -> str:
        release.wait(5)
        return "done"

    runner.run(slow, lambda text: heard.append(label.text() + text))
    runner.run(slow, label.setText)
    shiboken6.delete(label)
    release.set()
    assert runner.wait()
    qtbot.wait(50)  # the queued answers are delivered, or dropped
    assert heard == []


def test_an_answer_reaches_a_screen_still_there(qtbot: QtBot) -> None:
    runner = TaskRunner()
    label = QLabel("waiting")
    heard: list[str] = []
    runner.run(lambda: "done", lambda text: heard.append(f"{label.text()} {text}"))
    qtbot.waitUntil(lambda: heard == ["waiting done"])
