"""Year-round residency at the counter: ticked on the owner form by keys, it changes the
quote where the town's exemption asks for it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from counter_fixtures import CounterCase, active_dialog, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from actors import CLERK
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Owner
from clerkdesk.rules import presets
from clerkdesk.services.owner_card import YEAR_ROUND_BADGE
from clerkdesk.services.town import save_town_profile
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.forms import OwnerForm
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from prepared_databases import demo_copy

ALT = Qt.KeyboardModifier.AltModifier
YEAR_ROUND_SENIORS = """
[schedules.exemptions.senior]
age = 70
age_rule = "over"
owner_facts = ["year_round_resident"]
citation = "Art. 9 §8"
"""


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    """The demo town, whose rules exempt owners over 70 who live there year-round."""
    demo_copy(sqlite_database, dogs=450, seed=7, town_id="westborough", clock=clock)
    rules = presets.preset_toml("westborough") + YEAR_ROUND_SENIORS
    save_town_profile(sqlite_database, rules, actor=CLERK, clock=clock)
    return sqlite_url


def test_ticking_year_round_by_keys_makes_a_75_year_olds_dogs_free(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    ui_context: UiContext,
    counter_case: CounterCase,
) -> None:
    # GIVEN an owner aged 75, not recorded as living in town year-round: the dogs pay
    with ui_context.database.write() as session:
        owner = session.get(Owner, counter_case.owner_id)
        assert owner is not None
        owner.birth_date = dt.date(1951, 1, 2)
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    card = counter.card.card
    assert card is not None and YEAR_ROUND_BADGE not in card.badges
    assert all(d.standing.quote and d.standing.quote.total > 0 for d in card.dogs)

    # WHEN the clerk edits the owner (E), ticks the box with its key (Alt+Y), saves
    qtbot.keyClick(focused(), Qt.Key.Key_E)
    form = active_dialog(qtbot, OwnerForm)
    assert isinstance(form, OwnerForm)
    box = form.widgets["year_round_resident"]
    assert isinstance(box, QCheckBox) and box.isVisible() and not box.isChecked()
    assert box.accessibleName() == "Lives in town year-round"
    qtbot.keyClick(focused(), Qt.Key.Key_Y, ALT)
    assert focused() is box
    # The label's key clicks its box (after a short press animation): one key, not two.
    qtbot.waitUntil(box.isChecked)
    qtbot.wait(300)
    assert box.isChecked()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())

    # THEN the card shows the fact and every dog's quote is 0.00
    def free() -> bool:
        now = counter.card.card
        return now is not None and YEAR_ROUND_BADGE in now.badges

    qtbot.waitUntil(free)
    card = counter.card.card
    assert card is not None
    assert [d.standing.quote.total for d in card.dogs if d.standing.quote] == [
        Decimal("0.00"),
        Decimal("0.00"),
    ]
