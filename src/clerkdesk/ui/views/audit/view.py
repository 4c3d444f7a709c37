"""The Audit screen: filters (user, record such as "dog 123", a period), a page of entries
newest first, and the chosen entry's fields side by side, before → after.

A role without ``Permission.READ_AUDIT`` sees why, and nothing is read.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError, ValidationError
from clerkdesk.rules.roles import PERMISSION_WORDS, Permission
from clerkdesk.services.audit_trail import (
    PAGE_SIZE,
    TABLE_WORDS,
    AuditPage,
    AuditQuery,
    AuditRow,
    audit_entries,
    record_named,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, line_edit, parse_date, say, show_date, tell
from clerkdesk.ui.views.audit.tables import ChangeTableModel, EntryTableModel, when
from clerkdesk.ui.views.base import AreaView, empty_state

SHOW_KEYS = "Ctrl+Return"
NEWER_KEYS = "PgUp"
OLDER_KEYS = "PgDown"
# What each of the entries' columns is sized for (the last, the fields, stretches).
COLUMN_SAMPLES = (
    "00/00/0000 00:00",
    "treasurer",
    "front-counter",
    "removed",
    "rabies certificate 0000",
)
CELL_PADDING = 12
HINT = (
    "Every change to owners, dogs, certificates, licenses, tags, the town's rules, users "
    "and settings: who, when, where, and each field before and after."
)


class AuditView(AreaView):
    def __init__(
        self, ctx: UiContext, parent: QWidget | None = None, *, query: AuditQuery | None = None
    ) -> None:
        super().__init__("Audit trail", HINT, parent)
        self.ctx = ctx
        self.query = query or AuditQuery()
        self.offset = 0
        self.page: AuditPage | None = None
        self._loading = False
        self._reads = 0
        self.allowed = ctx.actor.may(Permission.READ_AUDIT)

        filters = QGridLayout()
        self.user_box = line_edit(self, "User", "any user")
        self.record_box = line_edit(self, "Record", "e.g. dog 123, owner 45, license")
        self.from_box = line_edit(self, "From day", "MM/DD/YYYY")
        self.to_box = line_edit(self, "To day", "MM/DD/YYYY")
        self.show_button = QPushButton(f"Show  {SHOW_KEYS.replace('Return', 'Enter')}", self)
        self.show_button.setAccessibleName("Show the changes")
        self.show_button.setAutoDefault(False)
        self.show_button.clicked.connect(self.apply_filters)
        for column, (caption, box) in enumerate(
            (
                ("&User:", self.user_box),
                ("&Record:", self.record_box),
                ("&From:", self.from_box),
                ("T&o:", self.to_box),
            )
        ):
            label = QLabel(caption, self)
            label.setBuddy(box)
            filters.addWidget(label, 0, column * 2)
            filters.addWidget(box, 0, column * 2 + 1)
            box.returnPressed.connect(self.apply_filters)
        filters.addWidget(self.show_button, 0, 8)
        filters.setColumnStretch(3, 2)
        self.body.addLayout(filters)

        self.message = QLabel("", self)
        self.message.setObjectName("FieldError")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Message")
        self.message.setVisible(False)
        self.body.addWidget(self.message)
        self.refused = empty_state(
            f"Your role ({ctx.actor.role.words}) may not "
            f"{PERMISSION_WORDS[Permission.READ_AUDIT]}; the treasurer, a clerk or the "
            "administrator may.",
            self,
        )
        self.refused.setAccessibleName("Not allowed")
        self.refused.setVisible(not self.allowed)
        self.body.addWidget(self.refused)

        self.model = EntryTableModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName("Changes, newest first")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(26)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # Each column as wide as what it usually holds, in the table's own font: the record
        # ("rabies certificate 1234") is what a clerk scans for; a longer name or place gives
        # way (…, the tooltip keeps it), and the fields stretch into what is left.
        self.table.ensurePolished()
        metrics = self.table.fontMetrics()
        widths = [metrics.horizontalAdvance(sample) + CELL_PADDING for sample in COLUMN_SAMPLES]
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        # Room for them all and the start of the fields, not a sideways scroll bar.
        fields = max(
            metrics.horizontalAdvance("color, …") + CELL_PADDING,
            header.sectionSizeHint(len(COLUMN_SAMPLES)),
            header.minimumSectionSize(),
        )
        scroll = self.table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        self.table.setMinimumWidth(sum(widths) + fields + scroll + 2 * self.table.frameWidth())
        # The stretched last column never goes below the width it has when told to stretch.
        self.table.setColumnWidth(len(COLUMN_SAMPLES), fields)
        header.setStretchLastSection(True)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_entry())

        self.entry_title = QLabel("Choose a change to see its fields before and after.", self)
        self.entry_title.setObjectName("ViewHint")
        self.entry_title.setWordWrap(True)
        self.entry_title.setAccessibleName("Chosen change")
        self.changes = ChangeTableModel(self)
        self.change_table = QTableView(self)
        self.change_table.setAccessibleName("Fields before and after")
        self.change_table.setModel(self.changes)
        self.change_table.setAlternatingRowColors(True)
        self.change_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.change_table.setWordWrap(True)
        self.change_table.verticalHeader().setVisible(False)
        # A long value (a street, a reason) wraps onto the lines it needs rather than "…".
        self.change_table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        change_header = self.change_table.horizontalHeader()
        change_header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        change_header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        change_header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        detail = QVBoxLayout()
        detail.addWidget(self.entry_title)
        detail.addWidget(self.change_table, 1)
        lower = QHBoxLayout()
        lower.setSpacing(16)
        lower.addWidget(self.table, 3)
        lower.addLayout(detail, 2)
        self.body.addLayout(lower, 1)

        paging = QHBoxLayout()
        self.count = QLabel("", self)
        self.count.setObjectName("ViewHint")
        self.count.setAccessibleName("How many changes")
        self.newer_button = QPushButton(f"Newer  {NEWER_KEYS}", self)
        self.newer_button.setAccessibleName("Newer changes")
        self.newer_button.setAutoDefault(False)
        self.newer_button.clicked.connect(self.newer)
        self.older_button = QPushButton(f"Older  {OLDER_KEYS}", self)
        self.older_button.setAccessibleName("Older changes")
        self.older_button.setAutoDefault(False)
        self.older_button.clicked.connect(self.older)
        paging.addWidget(self.count, 1)
        paging.addWidget(self.newer_button)
        paging.addWidget(self.older_button)
        self.body.addLayout(paging)
        for keys, slot in (
            (SHOW_KEYS, self.apply_filters),
            (NEWER_KEYS, self.newer),
            (OLDER_KEYS, self.older),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        for widget in (
            self.user_box,
            self.record_box,
            self.from_box,
            self.to_box,
            self.show_button,
            self.table,
            self.change_table,
            self.newer_button,
            self.older_button,
        ):
            widget.setEnabled(self.allowed)
        self._fill_boxes()
        self._update_paging()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Read when first shown, not when the window opens: the count costs something on a
        # long trail, and most sessions never open it.
        if self.allowed and self.page is None and not self._loading:
            self.load()

    # -- reading --------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._loading

    def _fill_boxes(self) -> None:
        query = self.query
        self.user_box.setText(query.user or "")
        record = TABLE_WORDS.get(query.table, query.table) if query.table else ""
        if record and query.record_id:
            record += f" {query.record_id}"
        self.record_box.setText(record)
        self.from_box.setText(show_date(query.since))
        self.to_box.setText(show_date(query.until))

    def _read_boxes(self) -> AuditQuery:
        table = record_id = None
        if self.record_box.text().strip():
            table, record_id = record_named(self.record_box.text())
        try:
            since = parse_date(self.from_box.text())
            until = parse_date(self.to_box.text())
        except BadInput as exc:
            raise ValidationError(str(exc), field="date") from None
        user = self.user_box.text().strip() or None
        return AuditQuery(table, record_id, user, since, until)

    def apply_filters(self) -> None:
        if not self.allowed:
            return
        try:
            self.query = self._read_boxes()
        except ValidationError as exc:
            tell(self.message, str(exc), problem=True)
            return
        self.offset = 0
        self.load()

    def newer(self) -> None:
        if self.allowed and self.offset > 0:
            self.offset = max(0, self.offset - PAGE_SIZE)
            self.load()

    def older(self) -> None:
        if self.allowed and self.page is not None and self.page.has_more:
            self.offset += PAGE_SIZE
            self.load()

    def load(self) -> None:
        self._loading = True
        self._reads += 1
        read = self._reads
        ctx, query, offset = self.ctx, self.query, self.offset
        self.ctx.tasks.run(
            lambda: audit_entries(
                ctx.database, query, actor=ctx.actor, clock=ctx.clock, offset=offset
            ),
            lambda page: self._loaded(read, page),
            lambda exc: self._failed(read, exc),
        )

    def _loaded(self, read: int, page: AuditPage) -> None:
        if read != self._reads:
            return
        self._loading = False
        self.page = page
        say(self.message, "")
        self.model.set_rows(page.rows)
        self._update_paging()
        if page.rows:
            self.table.selectRow(0)
        else:
            self._show_entry()

    def _failed(self, read: int, exc: Exception) -> None:
        if read != self._reads:
            return
        self._loading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc  # a bug: the crash handler shows it
        tell(self.message, str(exc), problem=True)

    def _update_paging(self) -> None:
        page = self.page
        if page is None or not page.total:
            described = self.query.described()
            self.count.setText(f"No changes ({described})." if page is not None else "")
        else:
            first, last = page.offset + 1, page.offset + len(page.rows)
            self.count.setText(
                f"Changes {first:,}–{last:,} of {page.total:,}, newest first "
                f"({self.query.described()})."
            )
        self.newer_button.setEnabled(self.allowed and self.offset > 0)
        self.older_button.setEnabled(self.allowed and page is not None and page.has_more)

    def chosen(self) -> AuditRow | None:
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _show_entry(self) -> None:
        row = self.chosen()
        if row is None:
            self.entry_title.setText("Choose a change to see its fields before and after.")
            self.changes.set_rows(())
            return
        where = f" at {row.workstation}" if row.workstation else ""
        self.entry_title.setText(
            f"{row.record} {row.action_words} by {row.user_name}{where}, {when(row)}"
        )
        self.changes.set_rows(row.changes)


def open_audit_dialog(ctx: UiContext, parent: QWidget, query: AuditQuery) -> QDialog:
    """The same screen in a window of its own, filtered to ``query`` (a dog's history from
    the counter). Esc closes it."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(f"History of changes: {query.described()}")
    dialog.setAccessibleName("History of changes")
    dialog.resize(1180, 680)
    layout = QVBoxLayout(dialog)
    layout.setContentsMargins(0, 0, 0, 0)
    view = AuditView(ctx, dialog, query=query)
    layout.addWidget(view)
    close = QPushButton("Close  Esc", dialog)
    close.setAccessibleName("Close")
    close.setAutoDefault(False)
    close.clicked.connect(dialog.reject)
    row = QHBoxLayout()
    row.setContentsMargins(24, 0, 24, 12)
    row.addStretch(1)
    row.addWidget(close)
    layout.addLayout(row)
    dialog.setProperty("view", view)
    dialog.open()
    view.table.setFocus()
    return dialog
