"""Where no exemption depends on year-round residency, the owner form does not ask."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.forms import OwnerForm


def test_the_year_round_box_is_hidden_where_it_would_change_no_fee(
    qtbot: QtBot, ui_context: UiContext
) -> None:
    form = OwnerForm(ui_context)
    qtbot.addWidget(form)
    form.show()
    assert not form.widgets["year_round_resident"].isVisible()
    assert not form.labels["year_round_resident"].isVisible()
