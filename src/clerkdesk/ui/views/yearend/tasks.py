"""The year-end tasks as the menu and the season's home both offer them: their words,
their keys, who may use them, and the dialog each opens."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QWidget

if TYPE_CHECKING:
    from clerkdesk.rules.roles import Actor
    from clerkdesk.ui.context import UiContext

# Permissions by their values: the menu is built before the rules are imported (the window
# paints first), as the navigation rail is.
MAIL_NOTICES, OPEN_YEAR, INSPECT, READ_REPORTS = (
    "mail_notices",
    "open_year",
    "inspect",
    "read_reports",
)


def _notices(ctx: UiContext, parent: QWidget | None) -> QDialog:
    from clerkdesk.ui.views.yearend.notices_dialog import NoticesDialog

    return NoticesDialog(ctx, parent)


def _unlicensed(ctx: UiContext, parent: QWidget | None) -> QDialog:
    from clerkdesk.ui.views.yearend.unlicensed_dialog import UnlicensedDialog

    return UnlicensedDialog(ctx, parent)


def _open_year(ctx: UiContext, parent: QWidget | None) -> QDialog:
    from clerkdesk.ui.views.yearend.open_year_dialog import OpenYearDialog

    return OpenYearDialog(ctx, parent)


@dataclass(frozen=True)
class YearEndTask:
    key: str
    label: str  # with its menu mnemonic
    keys: str
    # A role is offered the task if it holds any of these.
    needs: tuple[str, ...]
    build: Callable[[UiContext, QWidget | None], QDialog]

    @property
    def words(self) -> str:
        return self.label.replace("&", "")

    def open_to(self, actor: Actor) -> bool:
        from clerkdesk.rules.roles import Permission

        return any(actor.may(Permission(need)) for need in self.needs)

    def open(self, ctx: UiContext, parent: QWidget | None) -> QDialog:
        dialog = self.build(ctx, parent)
        dialog.open()
        dialog.activateWindow()
        return dialog


TASKS: tuple[YearEndTask, ...] = (
    YearEndTask(
        "notices",
        "&Renewal notices…",
        "Ctrl+Shift+N",
        (MAIL_NOTICES,),
        _notices,
    ),
    YearEndTask(
        "unlicensed",
        "&Unlicensed dogs…",
        "Ctrl+Shift+U",
        (INSPECT, READ_REPORTS),
        _unlicensed,
    ),
    YearEndTask(
        "open_year",
        "&Open license year…",
        "Ctrl+Shift+Y",
        (OPEN_YEAR,),
        _open_year,
    ),
)
