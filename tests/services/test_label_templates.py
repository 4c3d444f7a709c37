"""Custom label templates kept for the office, and what a run of tag labels reads."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from actors import CLERK
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.reports.label_sheets import ADDRESS_30, BUILT_IN, INCH, TemplateError
from clerkdesk.services.label_templates import (
    KEY_PREFIX,
    all_templates,
    custom_templates,
    delete_template,
    find_template,
    save_template,
)
from clerkdesk.services.tag_labels import label_facts
from small_town import Town

OURS = replace(
    ADDRESS_30,
    name="office-20up",
    title="Our 20-up sheet",
    rows=10,
    columns=2,
    label_width=4 * INCH,
    horizontal_pitch=4.1875 * INCH,
    left_margin=0.15625 * INCH,
)


def test_a_custom_template_is_kept_listed_found_and_deleted(database: Database) -> None:
    saved = save_template(database, OURS, actor=CLERK)
    assert saved.custom and saved.name == "office-20up"
    assert custom_templates(database) == (saved,)
    assert all_templates(database) == (*BUILT_IN, saved)
    assert find_template(database, "Office-20UP ") == saved
    assert find_template(database, None) == ADDRESS_30
    assert delete_template(database, "office-20up", actor=CLERK) is True
    assert delete_template(database, "office-20up", actor=CLERK) is False
    with pytest.raises(ValidationError, match="avery-5160, avery-22807, avery-22806"):
        find_template(database, "office-20up")


def test_a_name_taken_is_refused_unless_replacing(database: Database) -> None:
    save_template(database, OURS, actor=CLERK)
    with pytest.raises(ValidationError, match="exists already"):
        save_template(database, OURS, actor=CLERK)
    save_template(database, replace(OURS, title="Renamed"), replace_existing=True, actor=CLERK)
    assert custom_templates(database)[0].title == "Renamed"
    with pytest.raises(ValidationError, match="built-in"):
        save_template(database, replace(OURS, name="avery-5160"), actor=CLERK)
    with pytest.raises(ValidationError, match="built-in"):
        delete_template(database, "avery-5160", actor=CLERK)


def test_a_template_that_does_not_fit_the_page_is_not_kept(database: Database) -> None:
    with pytest.raises(TemplateError, match="past the page"):
        save_template(database, replace(OURS, columns=3), actor=CLERK)
    assert custom_templates(database) == ()


def test_a_row_spoiled_by_hand_is_left_out(database: Database) -> None:
    save_template(database, OURS, actor=CLERK)
    with database.write() as session:
        session.add(Setting(key=KEY_PREFIX + "spoiled", value="{not json"))
        session.add(Setting(key=KEY_PREFIX + "wrong", value=json.dumps({"rows": 3})))
    assert [t.name for t in custom_templates(database)] == ["office-20up"]


def test_label_facts_name_the_town_the_year_and_numbers_not_in_stock(town: Town) -> None:
    facts = label_facts(town.database, 2026, 90, 120, clock=town.clock)
    assert facts.town == "Town of Westborough"
    assert facts.year_label == "2026–27"
    assert facts.not_received == 20  # tags 1–100 are in stock
    assert label_facts(town.database, 2026, 1, 100, clock=town.clock).not_received == 0
