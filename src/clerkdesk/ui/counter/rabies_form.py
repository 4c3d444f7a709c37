"""Recording a rabies vaccination or exemption certificate, with an optional scan."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QPushButton, QWidget

from clerkdesk.rules.kinds import CertificateKind
from clerkdesk.services.rabies import RabiesInput, Scan, check_certificate, record_certificate
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.elide import ElidedLabel
from clerkdesk.ui.fields import BadInput, parse_date, show_date
from clerkdesk.ui.form_base import FormDialog

_VACCINATION_ONLY = ("vaccination_date", "duration_years", "vaccine", "lot_number")
_EXEMPTION_ONLY = ("issued_on", "exemption_reason")


def _years_after(day: dt.date, years: int) -> dt.date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


class RabiesForm(FormDialog):
    """``saved`` carries the certificate's id."""

    def __init__(
        self, ctx: UiContext, dog_id: int, dog_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(ctx, f"Rabies certificate for {dog_name}", "Save certificate", parent)
        self.dog_id = dog_id
        self.scan_path: Path | None = None
        kind = QComboBox(self)
        kind.addItem("Vaccination certificate", CertificateKind.VACCINATION.value)
        kind.addItem("Exemption certificate (veterinarian)", CertificateKind.EXEMPTION.value)
        self.add_field("kind", "&Kind", kind)
        self.add_field(
            "vaccination_date",
            "&Vaccinated on",
            QLineEdit(self),
            required=True,
            date=True,
            short="vaccination date",
        )
        duration = QComboBox(self)
        duration.addItem("3 years", 3)
        duration.addItem("1 year", 1)
        self.add_field("duration_years", "&Good for", duration)
        self.add_field(
            "issued_on", "&Issued on", QLineEdit(self), required=True, date=True, short="issue date"
        )
        self.add_field(
            "expires_on", "&Expires on", QLineEdit(self), required=True, date=True, short="expiry"
        )
        self.add_field("vaccine", "Vac&cine", QLineEdit(self))
        self.add_field("lot_number", "&Lot number", QLineEdit(self))
        self.add_field("rabies_tag_number", "&Rabies tag number", QLineEdit(self))
        self.add_field("veterinarian", "Ve&terinarian", QLineEdit(self))
        self.add_field("clinic", "Cli&nic", QLineEdit(self))
        self.add_field(
            "exemption_reason", "Exemption reas&on", QLineEdit(self), required=True, short="reason"
        )
        scan_row = QWidget(self)
        row = QHBoxLayout(scan_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.scan_button = QPushButton("Attach scan…", scan_row)
        self.scan_button.setAutoDefault(False)
        self.scan_button.clicked.connect(self.choose_scan)
        self.scan_name = ElidedLabel("no scan attached", scan_row, role="Scan attached")
        row.addWidget(self.scan_button)
        row.addWidget(self.scan_name, 1)
        self.add_field("scan", "&Scan (PDF or image)", scan_row)
        self.scan_button.setAccessibleName("Attach scan")
        kind.currentIndexChanged.connect(self._kind_changed)
        duration.currentIndexChanged.connect(self._fill_expiry)
        self.edit("vaccination_date").editingFinished.connect(self._fill_expiry)
        self._auto_expiry = ""
        self._kind_changed()
        self.finish()
        # Nearly every certificate is a vaccination: the cursor waits on its date (Alt+K,
        # or Shift+Tab, reaches Kind for an exemption).
        self.edit("vaccination_date").setFocus()

    def edit(self, key: str) -> QLineEdit:
        widget = self.widgets[key]
        assert isinstance(widget, QLineEdit)
        return widget

    def kind(self) -> CertificateKind:
        return CertificateKind(self.text("kind"))

    def _kind_changed(self) -> None:
        vaccination = self.kind() is CertificateKind.VACCINATION
        for key in _VACCINATION_ONLY:
            self.set_row_visible(key, vaccination)
        for key in _EXEMPTION_ONLY:
            self.set_row_visible(key, not vaccination)
        # A vaccination names its veterinarian; an exemption gives its reason instead.
        self.set_required("veterinarian", "veterinarian" if vaccination else None)
        self.refresh_button()

    def _fill_expiry(self) -> None:
        """The vaccine's term gives the expiry; the clerk corrects it from the certificate."""
        expiry = self.edit("expires_on")
        if expiry.text() and expiry.text() != self._auto_expiry:
            return
        try:
            given = parse_date(self.text("vaccination_date"))
        except BadInput:
            return
        if given is None:
            return
        years = self.widgets["duration_years"]
        assert isinstance(years, QComboBox)
        self._auto_expiry = show_date(_years_after(given, int(years.currentData())))
        expiry.setText(self._auto_expiry)

    def choose_scan(self) -> None:
        chosen = self.ctx.dialogs.choose_open_path(
            self, "Attach the scanned certificate", Path.home(), "Scans (*.pdf *.png *.jpg *.tif)"
        )
        if chosen is not None:
            self.scan_path = chosen
            self.scan_name.setText(chosen.name)

    def work(self) -> Callable[[], Any]:
        kind = self.kind()
        vaccination = kind is CertificateKind.VACCINATION
        expires = self.date("expires_on")
        today = self.ctx.clock.today()
        if expires is not None and expires < today:
            # The service keeps past certificates for the record; the counter records the
            # one a license is issued on, which must be current.
            self.problem(
                "expires_on",
                f"This certificate expired on {show_date(expires)}: a dog is licensed only on "
                "a current certificate (MGL c.140 §137). Ask for the newest one.",
            )
        years = self.widgets["duration_years"]
        assert isinstance(years, QComboBox)
        data = RabiesInput(
            kind=kind,
            expires_on=expires,
            vaccination_date=self.date("vaccination_date") if vaccination else None,
            duration_years=int(years.currentData()) if vaccination else None,
            vaccine=self.optional("vaccine") if vaccination else None,
            lot_number=self.optional("lot_number") if vaccination else None,
            rabies_tag_number=self.optional("rabies_tag_number"),
            veterinarian=self.optional("veterinarian"),
            clinic=self.optional("clinic"),
            issued_on=None if vaccination else self.date("issued_on"),
            exemption_reason=None if vaccination else self.optional("exemption_reason"),
        )
        self.check(check_certificate, data, today)
        database, clock, dog_id = self.ctx.database, self.ctx.clock, self.dog_id
        actor, path = self.ctx.actor, self.scan_path

        def record() -> int:
            scan = Scan(path.name, path.read_bytes()) if path is not None else None
            return record_certificate(database, dog_id, data, actor=actor, clock=clock, scan=scan)

        return record
