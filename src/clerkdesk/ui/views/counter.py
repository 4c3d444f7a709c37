"""The counter's home: what is in the database today, at a glance."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.services.overview import Overview, overview
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.base import AreaView, empty_state
from clerkdesk.ui.views.settings.examples import ExamplesBanner

BATCH_KEYS = "Ctrl+Shift+P"


class _Tile(QFrame):
    def __init__(self, label: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setProperty("class", "Tile")
        self.setAccessibleName(label)
        layout = QVBoxLayout(self)
        self.number = QLabel("…", self)
        self.number.setObjectName("TileNumber")
        caption = QLabel(label, self)
        caption.setObjectName("TileLabel")
        caption.setWordWrap(True)
        layout.addWidget(self.number)
        layout.addWidget(caption)


class CounterView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Counter",
            "Type a name, street, phone, tag or microchip in the search box (Ctrl+K) "
            "to find an owner or dog.",
            parent,
        )
        self._ctx = ctx
        self._pending = True
        self.examples = ExamplesBanner(
            self, then="Check them, then confirm them under Settings → Town rules (F8)."
        )
        self.examples.show_for(ctx.town)
        self.body.addWidget(self.examples)
        grid = QGridLayout()
        grid.setSpacing(12)
        self.tiles = {
            "owners": _Tile("Owners", self),
            "dogs": _Tile("Dogs on file", self),
            "active": _Tile("Active dogs", self),
            "expired": _Tile("Rabies certificate expired", self),
        }
        for column, tile in enumerate(self.tiles.values()):
            # Two by two: the middle column of the counter is narrow.
            grid.addWidget(tile, column // 2, column % 2)
        self.body.addLayout(grid)
        # The counter screen owns the shortcut; the button is where a clerk looks for it.
        self.batch_button = QPushButton(f"Print a day's certificates…  {BATCH_KEYS}", self)
        self.batch_button.setAccessibleName("Print a day's license certificates")
        self.batch_button.setToolTip(
            "Every certificate issued on a day, in one run: mail-in renewals after closing "
            f"({BATCH_KEYS})"
        )
        self.batch_button.setAutoDefault(False)
        self.body.addWidget(self.batch_button, 0, Qt.AlignmentFlag.AlignLeft)
        self._no_town = empty_state(
            "No town is set up in this database yet. Choose your town's rules under "
            "Settings → Town rules.",
            self,
        )
        self._no_town.setVisible(ctx.town is None)
        self.body.addWidget(self._no_town)
        self.body.addStretch(1)
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.examples.show_for(self._ctx.town)  # the rules may have changed in Settings
        self._no_town.setVisible(self._ctx.town is None)

    def refresh(self) -> None:
        self._pending = True
        database, today = self._ctx.database, self._ctx.clock.today()
        self._ctx.tasks.run(lambda: overview(database, today), self._show)

    def _show(self, figures: Overview) -> None:
        self._pending = False
        self.tiles["owners"].number.setText(f"{figures.owners:,}")
        self.tiles["dogs"].number.setText(f"{figures.dogs:,}")
        self.tiles["active"].number.setText(f"{figures.active_dogs:,}")
        self.tiles["expired"].number.setText(f"{figures.rabies_expired:,}")

    def busy(self) -> bool:
        return self._pending
