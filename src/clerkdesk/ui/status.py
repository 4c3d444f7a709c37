"""The status bar: the database, the license year in force, the user. (The drawer's state
joins them with the daily close-out; until then it would be a claim nothing computed.)"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.elide import ElidedLabel

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor


def license_year_text(ctx: UiContext) -> str:
    if ctx.town is None:
        return "License year: no town set up"
    # The rules engine is imported once the database is open, not before the first paint.
    from clerkdesk.rules import years_on_sale
    from clerkdesk.rules.dates import us_date

    year, *following = years_on_sale(ctx.town.profile, ctx.clock.today())
    text = f"License year {year.label} ({us_date(year.start)} – {us_date(year.end)})"
    return text + "".join(f" · {n.label} on sale" for n in following)


class StatusBar(QStatusBar):
    def __init__(self, shell: Shell, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        self.database = self._label(f"Opening {shell.database_label}…", "Database", stretch=1)
        # A long file path gives way first when the window is narrow; the tooltip keeps it.
        self.database.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.database.setMinimumWidth(120)
        self.license_year = self._label("License year: …", "License year")
        # A long sign-in name gives way (…) rather than widening the window.
        self.user = ElidedLabel("Not signed in", self, role="User", hint_width=280)
        self.user.setMinimumWidth(120)
        self.addPermanentWidget(self.user)
        # The counter's PC is often left running for days: the license year (and next
        # year's early sale) follows the date without a restart.
        self._ctx: UiContext | None = None
        self._day: dt.date | None = None
        self.day_timer = QTimer(self)
        self.day_timer.setInterval(60_000)
        self.day_timer.timeout.connect(self.follow_the_date)

    def _label(self, text: str, name: str, stretch: int = 0) -> QLabel:
        label = QLabel(text, self)
        label.setAccessibleName(name)
        self.addPermanentWidget(label, stretch)
        return label

    def show_database(self, database: Database) -> None:
        described = database.describe()
        self.database.setText(described)
        self.database.setToolTip(described)

    def show_gate(self, locked_for: Actor | None) -> None:
        """While the sign-in or lock page is up."""
        self.user.setText(f"Locked: {locked_for.described}" if locked_for else "Not signed in")

    def show_workspace(self, ctx: UiContext) -> None:
        self.show_database(ctx.database)
        self._ctx, self._day = ctx, ctx.clock.today()
        self.user.setText(f"Signed in: {ctx.actor.described}")
        self.license_year.setText(license_year_text(ctx))
        self.day_timer.start()

    def follow_the_date(self) -> None:
        """Once a minute: a new day may start a license year or open next year's sale."""
        if self._ctx is not None and self._ctx.clock.today() != self._day:
            self.show_workspace(self._ctx)

    def show_failure(self) -> None:
        self.database.setText("Database not open")
