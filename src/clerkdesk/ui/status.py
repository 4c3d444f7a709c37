"""The status bar: the database, the license year in force, the drawer, the user.

The last three are never cut (``status_facts``); the database gives way to them.

The drawer is read off the UI thread (three small aggregates) when the workspace opens,
whenever money moves (``ctx.money_events``) and when the date changes."""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.status_facts import StatusFacts

if TYPE_CHECKING:
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor
    from clerkdesk.services.backups.schedule import ScheduledOutcome
    from clerkdesk.services.backups.standing import BackupStanding
    from clerkdesk.services.closeout import DrawerState
    from clerkdesk.services.year_open import YearsShown


log = logging.getLogger(__name__)

# The width kept for the database's name (or a passing message) beside the facts.
DATABASE_ROOM = 160
# Of that room, what the backup warning takes when it shows (a sign; its words on hover
# and to a screen reader): the database keeps its 100 and more.
BACKUP_ROOM = 28


def drawer_text(state: DrawerState) -> str:
    """``Drawer: open · 12 receipts · $345.00 cash`` or, once today is closed out,
    ``Drawer: closed out 12/03/2026 (receipts now post to 12/04/2026)``."""
    from clerkdesk.rules.dates import us_date

    if state.closed_day is not None:
        return (
            f"Drawer: closed out {us_date(state.closed_day)} "
            f"(receipts now post to {us_date(state.posting_day)})"
        )
    count = state.receipt_count
    cash = f"-${-state.cash:,.2f}" if state.cash < 0 else f"${state.cash:,.2f}"
    return f"Drawer: open · {count} receipt{'s' * (count != 1)} · {cash} cash"


def license_year_text(ctx: UiContext) -> str:
    if ctx.town is None:
        return "License year: no town set up"
    # The rules engine is imported once the database is open, not before the first paint.
    from clerkdesk.rules import years_on_sale
    from clerkdesk.rules.dates import us_date

    year, *following = years_on_sale(ctx.town.profile, ctx.clock.today())
    text = f"License year {year.label} ({us_date(year.start)} – {us_date(year.end)})"
    return text + "".join(f" · {n.label} on sale" for n in following)


def years_shown_text(ctx: UiContext, shown: YearsShown) -> str:
    """``License year 2026–27 (04/01/2026 – 03/31/2027) · 2027–28 on sale``, with what the
    office has done about next year: opened, or on sale by the rules but not opened yet."""
    text = license_year_text(ctx).split(" · ", 1)[0]
    if not text.startswith(f"License year {shown.current_label} "):
        text = f"License year {shown.current_label}"
    if shown.next_label is None:
        return text
    if shown.next_on_sale:
        state = "on sale" if shown.next_opened else "on sale, not opened yet"
    else:
        state = "opened"
    return f"{text} · {shown.next_label} {state}"


def person_text(actor: Actor, *, locked: bool = False) -> str:
    """``Signed in: clerk (clerk)``; ``Locked: …`` while the lock page is up."""
    return f"{'Locked' if locked else 'Signed in'}: {actor.described}"


class StatusBar(QStatusBar):
    def __init__(self, shell: Shell, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        # The database is the lesser fact: it gives way first (…, the tooltip keeps it), and a
        # passing message ("Saved version 2 of the town rules.") shows in its place, cut with
        # "…" as it is (the bar would clip it mid-letter).
        self._described = f"Opening {shell.database_label}…"
        self.database = ElidedLabel(self._described, self, role="Database")
        self.database.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.database.setMinimumWidth(DATABASE_ROOM // 2)
        self.addPermanentWidget(self.database, 1)
        # Shown only when the last good backup is older than the office's limit, or there is
        # none: within the database's room, so the facts never give way to it.
        self.backup = QLabel("", self)
        # A red badge, readable in any font (a warning sign's glyph is not in every one).
        self.backup.setStyleSheet(
            "QLabel { background: #b3261e; color: white; font-weight: bold;"
            " border-radius: 8px; padding: 0px 6px; }"
        )
        self.backup.setMaximumWidth(BACKUP_ROOM)
        self.backup.setVisible(False)
        self.addPermanentWidget(self.backup)
        # Shown only when this PC's clock is too far from the database's to take money:
        # said at sign-in, not first at the moment a resident is paying.
        self.clock_badge = QLabel("Clock", self)
        self.clock_badge.setStyleSheet(self.backup.styleSheet())
        self.clock_badge.setVisible(False)
        self.addPermanentWidget(self.clock_badge)
        self.messageChanged.connect(self._show_message)
        # The license year (with next year's state), the drawer and the user's role are never
        # cut: on one line when they fit, else two (see ``status_facts``).
        self.facts = StatusFacts(self)
        self.addPermanentWidget(self.facts)
        self.license_year = self.facts.year
        self.drawer = self.facts.drawer
        self._gated = True  # until someone signs in
        self.user = self.facts.person
        # The counter's PC is often left running for days: the license year (and next
        # year's early sale) follows the date without a restart.
        self._ctx: UiContext | None = None
        self._day: dt.date | None = None
        self.day_timer = QTimer(self)
        self.day_timer.setInterval(60_000)
        self.day_timer.timeout.connect(self.follow_the_date)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # What the facts may take: all but a little for the database (or a message).
        self.facts.set_room(self.contentsRect().width() - DATABASE_ROOM)

    def show_database(self, database: Database) -> None:
        self._described = database.describe()
        self._show_message(self.currentMessage())

    def _show_message(self, message: str) -> None:
        self.database.set_role("Message" if message else "Database")
        self.database.setText(message or self._described)

    def show_gate(self, locked_for: Actor | None) -> None:
        """While the sign-in or lock page is up."""
        self.user.setText(person_text(locked_for, locked=True) if locked_for else "Not signed in")
        # The drawer's cash is no one's business at a locked or empty counter.
        self._gated = True
        self.drawer.setText("Drawer: —")
        self.backup.setVisible(False)
        self.clock_badge.setVisible(False)

    def show_workspace(self, ctx: UiContext) -> None:
        self.show_database(ctx.database)
        if self._ctx is not ctx:
            ctx.money_events.changed.connect(self.refresh_drawer)
            ctx.year_events.opened.connect(lambda _year: self.refresh_years())
        self._ctx, self._day = ctx, ctx.clock.today()
        self._gated = False
        self.user.setText(person_text(ctx.actor))
        # The rules say it at once; the database adds whether next year is opened.
        self.license_year.setText(license_year_text(ctx))
        self.refresh_years()
        self.refresh_drawer()
        self.refresh_backup()
        self.refresh_clock()
        self.day_timer.start()

    def refresh_clock(self) -> None:
        """Whether this PC's clock may take money (off the UI thread)."""
        ctx = self._ctx
        if ctx is None:
            return
        from clerkdesk.services.money_clock import clock_problem

        database, clock = ctx.database, ctx.clock
        ctx.tasks.run(
            lambda: clock_problem(database, clock),
            lambda said: self._show_clock(ctx, said),
            lambda exc: log.warning("clock not checked: %s", exc),
        )

    def _show_clock(self, ctx: UiContext, said: str | None) -> None:
        if self._gated or ctx is not self._ctx:
            return
        self.clock_badge.setVisible(bool(said))
        self.clock_badge.setToolTip(said or "")
        self.clock_badge.setAccessibleName(f"Clock: {said}" if said else "Clock")
        if said:
            self.showMessage(said, 120_000)

    def refresh_backup(self) -> None:
        """The backup warning; the day's backup first where the office takes one at the
        first sign-in (off the UI thread, as every read here)."""
        ctx = self._ctx
        if ctx is None:
            return
        from clerkdesk.services.backups.schedule import standing_after_sign_in

        database, actor, clock = ctx.database, ctx.actor, ctx.clock
        ctx.tasks.run(
            lambda: standing_after_sign_in(database, actor=actor, clock=clock),
            lambda found: self._show_backup(ctx, *found),
            lambda exc: log.warning("backup standing not read: %s", exc),
        )

    def _show_backup(
        self, ctx: UiContext, standing: BackupStanding, taken: ScheduledOutcome | None
    ) -> None:
        if self._gated or ctx is not self._ctx:
            return
        warning = standing.warning
        said = (
            f"{warning}: the office wants a good backup at least every "
            f"{standing.warn_days} days. File → Back up now… takes one; Settings → Backups "
            "sets where and when they are taken."
            if warning
            else ""
        )
        # A sign beside the facts (the database keeps its room); the words in the tooltip
        # and the accessible name, and in Settings → Backups.
        self.backup.setText("!" if warning else "")
        self.backup.setAccessibleName(f"Backups: {said}" if warning else "Backups")
        self.backup.setToolTip(said)
        self.backup.setVisible(bool(warning))
        if taken is not None:
            self.showMessage(taken.words, 15_000)

    def refresh_drawer(self) -> None:
        ctx = self._ctx
        if ctx is None:
            return
        from clerkdesk.services.closeout import drawer_state

        database, today = ctx.database, ctx.clock.today()
        ctx.tasks.run(lambda: drawer_state(database, today), self._show_drawer, self._no_drawer)

    def refresh_years(self) -> None:
        ctx = self._ctx
        if ctx is None or ctx.town is None:
            return
        from clerkdesk.services.year_open import license_years_shown

        database, today = ctx.database, ctx.clock.today()
        ctx.tasks.run(
            lambda: license_years_shown(database, on=today),
            lambda shown: self._show_years(ctx, today, shown),
            self._no_years,
        )

    def _show_years(self, ctx: UiContext, day: dt.date, shown: YearsShown) -> None:
        # An answer for a day (or a person) that is no longer the one shown is dropped.
        if ctx is self._ctx and day == self._day:
            self.license_year.setText(years_shown_text(ctx, shown))

    def _no_years(self, exc: Exception) -> None:
        log.warning("license years not read: %s", exc)

    def _show_drawer(self, state: DrawerState) -> None:
        if self._gated:
            return
        self.drawer.setText(drawer_text(state))

    def _no_drawer(self, exc: Exception) -> None:
        # The status bar never interrupts the clerk: the log has the reason.
        log.warning("drawer state not read: %s", exc)
        self.drawer.setText("Drawer: not read")

    def follow_the_date(self) -> None:
        """Once a minute: a new day may start a license year or open next year's sale; a
        backup taken meanwhile (here or at another workstation) ends the backup warning."""
        if self._ctx is not None and self._ctx.clock.today() != self._day:
            self.show_workspace(self._ctx)
        elif self._ctx is not None:
            self.reread_backup()

    def reread_backup(self) -> None:
        ctx = self._ctx
        if ctx is None:
            return
        from clerkdesk.services.backups.standing import backup_standing

        database, now = ctx.database, ctx.clock.now()
        ctx.tasks.run(
            lambda: backup_standing(database, now),
            lambda standing: self._show_backup(ctx, standing, None),
            lambda exc: log.warning("backup standing not read: %s", exc),
        )

    def show_failure(self) -> None:
        self._described = "Database not open"
        self._show_message(self.currentMessage())
