"""Settings → Certificate seal: the town's seal or logo printed on every license
certificate, chosen from an image file and kept in the database for every workstation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.seal import SealInfo, clear_seal, seal_in_use, set_seal
from clerkdesk.ui.context import UiContext

IMAGES = "Images (*.png *.jpg *.jpeg)"
SHOWN = 180  # pixels: the preview of the seal


def _described(info: SealInfo) -> str:
    if info.is_default:
        return (
            "Certificates print ClerkDesk's plain default seal. Choose the town's own seal or "
            "logo (a PNG or JPEG file of at most 1 MB, at least 64 pixels a side)."
        )
    when = us_date(town_day(info.stored_at)) if info.stored_at else ""
    return (
        f"Certificates print the town's seal from {info.filename} ({info.width} × "
        f"{info.height} pixels), chosen {when} by {info.stored_by}."
    )


class SealPage(QWidget):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Certificate seal")
        self.ctx = ctx
        self.loading = False
        self.info: SealInfo | None = None
        heading = QLabel("The seal or logo on license certificates", self)
        heading.setObjectName("TownRulesHeading")
        self.about = QLabel("", self)
        self.about.setAccessibleName("Seal in use")
        self.about.setWordWrap(True)
        self.image = QLabel(self)
        self.image.setAccessibleName("Seal preview")
        self.image.setFixedSize(SHOWN, SHOWN)
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.choose_button = self._button("Choose image…  Ctrl+O", "Ctrl+O", self.choose)
        self.choose_button.setAccessibleName("Choose the seal image")
        self.default_button = self._button("Use the default seal", "", self.use_default)
        self.default_button.setAccessibleName("Use the default seal")
        self.message = QLabel("", self)
        self.message.setObjectName("FieldError")
        self.message.setAccessibleName("Seal message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.choose_button)
        buttons.addWidget(self.default_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        for widget in (heading, self.about, self.image):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.load()

    def _button(self, text: str, key: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setAutoDefault(False)
        if key:
            button.setShortcut(QKeySequence(key))
        button.clicked.connect(slot)
        return button

    def busy(self) -> bool:
        return self.loading

    def load(self) -> None:
        self.loading = True
        database = self.ctx.database
        self.ctx.tasks.run(lambda: seal_in_use(database), self._arrived, self._failed)

    def _arrived(self, found: tuple[SealInfo, bytes]) -> None:
        self.loading = False
        self.info, data = found
        self.about.setText(_described(self.info))
        pixmap = QPixmap()
        pixmap.loadFromData(data)
        self.image.setPixmap(
            pixmap.scaled(
                SHOWN,
                SHOWN,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )
        self.default_button.setEnabled(not self.info.is_default)

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if isinstance(exc, (ValidationError, EnvironmentProblem)):
            self.message.setText(str(exc))
        else:
            raise exc

    def choose(self) -> None:
        if self.loading:
            return
        path = self.ctx.dialogs.choose_open_path(
            self, "Choose the town's seal", Path.home(), IMAGES
        )
        if path is None:
            return
        self.message.setText("")
        self.loading = True
        ctx = self.ctx

        def save() -> SealInfo:
            try:
                content = path.read_bytes()
            except OSError as exc:
                raise ValidationError(f"{path.name} cannot be read: {exc.strerror}") from None
            return set_seal(ctx.database, path.name, content, actor=ctx.actor, clock=ctx.clock)

        ctx.tasks.run(save, self._saved, self._failed)

    def use_default(self) -> None:
        if self.loading:
            return
        self.loading = True
        database, actor = self.ctx.database, self.ctx.actor
        self.ctx.tasks.run(
            lambda: clear_seal(database, actor=actor), lambda _r: self._saved(None), self._failed
        )

    def _saved(self, info: SealInfo | None) -> None:
        self.loading = False
        self.message.setText(
            "Saved: every certificate prints this seal from now on, on every workstation."
            if info is not None
            else "Certificates print the default seal again."
        )
        self.load()
