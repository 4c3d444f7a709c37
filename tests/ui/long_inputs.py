"""The worst a clerk can type into each counter form: for every field, the value that draws
its longest message from the services' checks (or the form's own), and the longest names.

Used by the form tests and by docs/make_counter_screenshots.py, so the pictures show what
the tests check. On June 1, 2026 (the tests' clock).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QWidget

# A 120-character hyphenated surname, more than the 80 the register keeps.
LONG_SURNAME = "-".join(["Featherstonehaugh", "Montgomery", "Wolfeschlegelstein"] * 3)[:119] + "e"
# 80 characters each: the longest first and last names the register keeps.
KEPT_FIRST = ("Maximiliana-Josephine-" * 4)[:80]
KEPT_LAST = ("Featherstonehaugh-Wolfeschlegelstein-" * 3)[:80]
# A 200-character name, as an import from another program might leave in the database.
NAME_200 = ("Bartholomew-Featherstonehaugh-" * 7)[:200]

# Owner form: first name, last name, street … birth date; each draws its longest message.
OWNER_WORST: Mapping[str, str] = {
    "first_name": ("Maximiliana-Josephine-" * 6)[:121],
    "last_name": LONG_SURNAME,
    "street": "1234 Old Connecticut Path by the Upper Reservoir, " * 3,
    "unit": "Apartment 12B, rear entrance, third floor",
    "city": "Westborough Center by the Sea and the Mountains and the Great Assabet River Valley",
    "state": "Massachusetts",
    "postal_code": "ABCDE-FGHI",
    "phone": "call the neighbour, she always knows where he is",
    "email": "jane.featherstonehaugh.at.the.library.westborough.ma.us",
    "birth_date": "01/01/2030",
}
OWNER_MESSAGES = tuple(OWNER_WORST)

DOG_WORST: Mapping[str, str] = {
    "name": ("Sir Reginald Barkington of the Upper Assabet " * 3)[:90],
    "breed": "Nova Scotia Duck Tolling Retriever and Bernese Mountain Dog cross",
    "color": "Brindle with white chest, black mask and tan points on the legs",
    "sex": "",  # "Choose…"
    "altered_proof": "Letter from Westborough Animal Hospital, signed by the surgeon, dated " * 2,
    "birth_date": "01/01/2030",
    "microchip": "985-112-00-XYZ-not-a-chip-number",
    "description": (
        "large friendly brindle dog with white chest black mask tan points on legs "
        "a notched left ear and a long feathered tail that curls over the back"
    ),
    "came_to_town_on": "13/45/2026",
}
DOG_MESSAGES = tuple(DOG_WORST)

RABIES_WORST: Mapping[str, str] = {
    "vaccination_date": "07/01/2026",
    "expires_on": "05/01/2025",
    "vaccine": "Imrab 3 TF (Boehringer Ingelheim Animal Health), killed virus, thimerosal free, "
    "1 mL subcutaneous",
    "lot_number": "LOT-2025-04-20-WESTBOROUGH-000000001234567",
    "rabies_tag_number": "25-000012-WESTBOROUGH-ANIMAL-HOSPITAL-TAG",
    "veterinarian": "",
    "clinic": "Westborough Animal Hospital and 24-hour Emergency Veterinary Clinic, " * 2,
}
RABIES_MESSAGES = tuple(RABIES_WORST)

EXEMPTION_WORST: Mapping[str, str] = {
    "kind": "exemption",
    "issued_on": "07/01/2026",
    "expires_on": "",
    "veterinarian": "Dr. " + ("Featherstonehaugh-" * 5),
    "exemption_reason": "Undergoing chemotherapy for lymphoma; vaccination deferred. " * 4,
}
EXEMPTION_MESSAGES = ("issued_on", "expires_on", "veterinarian", "exemption_reason")


def put(form: QWidget, widgets: Mapping[str, QWidget], values: Mapping[str, str]) -> None:
    """Set each field as the clerk would leave it (no keys: for the screenshot script)."""
    for key, value in values.items():
        widget = widgets[key]
        if isinstance(widget, QLineEdit):
            widget.setText(value)
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(widget.findData(value), 0))
    form.repaint()


def clipped(dialog: QWidget, *, width: int = 1280, height: int = 800) -> list[str]:
    """What of ``dialog`` a clerk could not read whole: a shown message label that is cut
    off (too short for its wrapped text, or past the dialog's edge), or the dialog larger
    than the screen. Empty when everything is readable."""
    found: list[str] = []
    if dialog.width() > width or dialog.height() > height:
        found.append(f"dialog is {dialog.width()}×{dialog.height()}")
    for label in dialog.findChildren(QLabel):
        if not label.isVisibleTo(dialog) or not label.text():
            continue
        name = label.accessibleName() or label.text()[:30]
        if label.wordWrap():
            needed = label.heightForWidth(label.width())
        else:
            needed = label.sizeHint().height()
            if label.sizeHint().width() > label.width() and not label.toolTip():
                found.append(f"{name}: {label.width()} wide, needs {label.sizeHint().width()}")
        if label.height() < needed:
            found.append(f"{name}: {label.height()} high, needs {needed}")
        bottom_right = label.mapTo(dialog, QPoint(label.width(), label.height()))
        if bottom_right.x() > dialog.width() or bottom_right.y() > dialog.height():
            found.append(f"{name}: reaches {bottom_right.x()},{bottom_right.y()}")
    return found
