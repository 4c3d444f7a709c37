"""The actions on a kennel's record itself, beside its name on the card: Edit kennel… (the
record read off the UI thread, then the form holding it), Close kennel… (the reason, then
what closing does) and Tag labels… (the sheets read, then the labels of its license)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from clerkdesk.errors import ClerkDeskError, EnvironmentProblem
from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.services.kennels import KennelInput, KennelRow, kennel_input
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.kennels.close_dialog import CloseKennelDialog
from clerkdesk.ui.views.kennels.details import KennelDetails
from clerkdesk.ui.views.kennels.kennel_dialog import EditKennelDialog
from clerkdesk.ui.views.kennels.keys import LICENSE_KEYS
from clerkdesk.ui.views.kennels.tag_labels_dialog import (
    KennelLabelsWritten,
    KennelTagLabelsDialog,
    show_kennel_labels_preview,
)


class KennelRecordScreen(Protocol):
    """What the actions drive on the Kennels screen (``KennelsView`` is one)."""

    ctx: UiContext
    details: KennelDetails

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def reload(self, kennel_id: int | None = None) -> None: ...

    def chosen_id(self) -> int | None: ...

    def chosen_year(self) -> int | None: ...

    def chosen_year_label(self) -> str: ...

    def open_dialog(self, dialog: Any, saved: Callable[[Any], None]) -> None: ...


class RecordActions:
    def __init__(self, screen: KennelRecordScreen, parent: QWidget) -> None:
        self.screen = screen
        self.parent = parent
        self.ctx = screen.ctx
        self.loading = 0

    def _read(self, fn: Callable[[], Any], then: Callable[[Any], None]) -> None:
        self.loading += 1

        def done(result: Any) -> None:
            self.loading -= 1
            then(result)

        self.ctx.tasks.run(fn, done, self._failed)

    def _failed(self, exc: Exception) -> None:
        self.loading -= 1
        if isinstance(exc, EnvironmentProblem):
            self.screen.say(f"The kennel could not be read: {exc}", problem=True)
        elif isinstance(exc, ClerkDeskError):
            self.screen.say(str(exc), problem=True)
        else:
            raise exc

    # Edit kennel… -------------------------------------------------------------------
    def edit(self, row: KennelRow) -> None:
        database, kennel_id = self.ctx.database, row.kennel_id
        self._read(
            lambda: kennel_input(database, kennel_id),
            lambda current: self._edit_read(kennel_id, current),
        )

    def _edit_read(self, kennel_id: int, current: KennelInput) -> None:
        card = self.screen.details.card
        if card is None or card.kennel_id != kennel_id or kennel_id != self.screen.chosen_id():
            return  # the clerk chose another kennel meanwhile
        keeper = (card.keeper_name, card.keeper_address)
        dialog = EditKennelDialog(self.ctx, kennel_id, current, keeper, self.parent)
        self.screen.open_dialog(dialog, self._changed)

    def _changed(self, kennel_id: int) -> None:
        self.screen.say("Kennel changed. Licenses already sold keep what they said.")
        self.screen.reload(kennel_id)

    # Close kennel… ------------------------------------------------------------------
    def close(self, row: KennelRow) -> None:
        card = self.screen.details.card
        if card is None or card.kennel_id != row.kennel_id:
            return
        dialog = CloseKennelDialog(self.ctx, row.kennel_id, row.name, len(card.roster), self.parent)
        self.screen.open_dialog(dialog, self._closed)

    def _closed(self, name: str) -> None:
        self.screen.say(f"{name} is closed. Its dogs each need a license of their own now.")
        self.screen.reload(self.screen.chosen_id())

    # Tag labels… --------------------------------------------------------------------
    def labels(self, row: KennelRow) -> None:
        year, label = self.screen.chosen_year(), self.screen.chosen_year_label()
        if year is None:
            return
        if row.license_label is None:
            self.screen.say(
                f"{row.name} holds no license for {label}: its tags come with the license "
                f"(License / renew…, {LICENSE_KEYS}).",
                problem=True,
            )
            return
        from clerkdesk.services.label_templates import all_templates

        database = self.ctx.database
        self._read(
            lambda: all_templates(database),
            lambda templates: self._labels_ready(row, (year, label), templates),
        )

    def _labels_ready(
        self, row: KennelRow, year: tuple[int, str], templates: tuple[SheetTemplate, ...]
    ) -> None:
        dialog = KennelTagLabelsDialog(
            self.ctx, row.kennel_id, row.name, year, templates, self.parent
        )
        self.screen.open_dialog(dialog, self._labels_made)

    def _labels_made(self, written: KennelLabelsWritten) -> None:
        # Once the dialog has closed and handed the keyboard back to the window: the
        # preview then opens on top, with the keyboard.
        QTimer.singleShot(
            0, self.parent, partial(show_kennel_labels_preview, self.ctx, self.parent, written)
        )
