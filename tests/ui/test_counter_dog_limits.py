"""The owner card warns in amber when an owner's active dogs pass the town's dog limits."""

from __future__ import annotations

from counter_fixtures import CounterCase, open_owner_by_keyboard
from pytestqt.qtbot import QtBot

from actors import CLERK
from clerkdesk.services.town import save_town_profile
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.owner_card import AMBER
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from document_support import limits_profile


def test_an_owner_past_the_kennel_threshold_is_warned_under_the_address(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    # GIVEN a town that wants a kennel license above one dog, and an owner of two grown dogs
    save_town_profile(ui_context.database, limits_profile(), actor=CLERK, clock=ui_context.clock)
    # WHEN the clerk opens the owner by keys
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    # THEN the card says so, where the clerk is looking, by accessible name
    limits = counter.card.limits
    assert limits.isVisible() and limits.accessibleName() == "Dog limit warnings"
    assert "2 dogs 3 months or older: more than 1 needs a kennel license (Art. 9 §10)" in (
        limits.text()
    )
    assert "household" not in limits.text()
    assert limits.objectName() == "OwnerLimits" and AMBER in limits.styleSheet()


def test_an_owner_within_the_limits_sees_no_warning(
    qtbot: QtBot,
    window: MainWindow,
    counter: CounterView,
    counter_case: CounterCase,
    ui_context: UiContext,
) -> None:
    save_town_profile(
        ui_context.database,
        limits_profile(kennel_over=3, max_dogs=6),
        actor=CLERK,
        clock=ui_context.clock,
    )
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    assert counter.card.limits.isHidden() and counter.card.limits.text() == ""
