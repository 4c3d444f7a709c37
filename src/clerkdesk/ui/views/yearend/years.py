"""The license years a year-end dialog offers, from the town's own license-year rule."""

from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import QComboBox, QWidget

from clerkdesk.rules import LicenseYear, TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_moment


def years_around(profile: TownProfile, today: dt.date) -> tuple[LicenseYear, ...]:
    """Last year, this year, next year and the one after: oldest first."""
    current = profile.license_year_containing(today).starts_in
    return tuple(profile.license_year_starting_in(current + n) for n in (-1, 0, 1, 2))


class YearBox(QComboBox):
    """A license year, written as the clerk reads it: "2027 (01/01/2027 to 12/31/2027)";
    ``year()`` is the calendar year it starts in, as the services take it."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)

    def fill(self, years: tuple[LicenseYear, ...], chosen: int) -> None:
        self.blockSignals(True)
        self.clear()
        for year in years:
            self.addItem(str(year), year.starts_in)
        index = self.findData(chosen)
        self.setCurrentIndex(max(index, 0))
        self.blockSignals(False)

    def year(self) -> int | None:
        data = self.currentData()
        return int(data) if data is not None else None

    def label(self) -> str:
        """The year's label alone ("2026–27"), for messages and buttons."""
        return self.currentText().split(" (", 1)[0]


def when_words(moment: object, zone: dt.tzinfo | None = None) -> str:
    """A date, or a date and time (in the town's ``zone``), as the clerk reads it."""
    if isinstance(moment, dt.datetime):
        moment = moment.astimezone(zone) if zone is not None else town_moment(moment)
        return f"{us_date(moment.date())} at {moment:%I:%M %p}".replace(" at 0", " at ")
    if isinstance(moment, dt.date):
        return us_date(moment)
    return str(moment)
