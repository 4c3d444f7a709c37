"""The town's rules in the database: versions, edits, schedules, examples, import and export."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from actors import CLERK, staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.rules import DogQuoteRequest, ProfileError, quote_dog
from clerkdesk.rules.presets import preset_toml
from clerkdesk.services import town_toml
from clerkdesk.services.town import (
    export_profile_file,
    import_profile_file,
    profile_history,
    profile_version,
    save_town_profile,
    set_up_town,
    town_in_use,
)
from clerkdesk.services.town_changes import (
    add_fee_schedule,
    confirm_town_examples,
    first_license_year_under,
    suggested_effective,
)

WESTBOROUGH_FEES = "male_altered = 10.00\nfemale_altered = 10.00"


def _westborough(database: Database, clock: FixedClock) -> int:
    return set_up_town(database, "westborough", actor=CLERK, clock=clock).town.version_id


def _quote(
    database: Database, on: dt.date, *, renewal: bool = False
) -> tuple[Decimal, tuple[str, ...]]:
    """An intact male's license on ``on`` under the rules in force, with its warnings."""
    current = town_in_use(database)
    assert current is not None
    request = DogQuoteRequest(on=on, sex="male", altered=False, renewal=renewal)
    quote = quote_dog(current.profile, request)
    return quote.total, quote.warnings


def test_history_keeps_every_version_and_old_ones_never_change(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN Westborough's preset, saved at 10:30 by the clerk
    first = _westborough(database, clock)
    original = preset_toml("westborough")
    # WHEN the assistant lowers the altered fees an hour later
    clock.advance(dt.timedelta(hours=1))
    edited = original.replace(WESTBOROUGH_FEES, "male_altered = 9.00\nfemale_altered = 9.00")
    saved = save_town_profile(
        database,
        edited,
        actor=staff("assistant"),
        clock=clock,
        note="ATM vote",
        base_version_id=first,
    )
    # THEN both versions are kept, newest first, with who, when and why
    history = profile_history(database)
    assert [v.version_id for v in history] == [saved.town.version_id, first]
    assert saved.previous_version_id == first
    assert [(v.saved_by, v.note) for v in history] == [
        ("assistant", "ATM vote"),
        ("clerk", "set up from the Town of Westborough preset"),
    ]
    assert history[0].saved_at - history[1].saved_at == dt.timedelta(hours=1)
    # the old version is exactly what was saved, comments and all; the new one is in force
    assert profile_version(database, first).profile_toml == original
    current = town_in_use(database)
    assert current is not None and current.profile_toml == edited
    assert "# §2A" in current.profile_toml
    assert current.profile.schedules[0].dog_fees.male_altered == Decimal("9.00")


def test_invalid_rules_save_nothing_and_name_every_problem(
    database: Database, clock: FixedClock
) -> None:
    first = _westborough(database, clock)
    broken = preset_toml("westborough").replace(
        WESTBOROUGH_FEES, "male_altered = 15.00\nfemale_altered = 10.00\nfemale_fixed = 1.00"
    )
    with pytest.raises(ProfileError) as raised:
        save_town_profile(database, broken, actor=CLERK, clock=clock, base_version_id=first)
    problems = raised.value.problems
    assert any(p.startswith("schedules[0].dog_fees.male_altered: ") for p in problems)
    assert 'schedules[0].dog_fees.female_fixed: unknown key; did you mean "female_altered"?' in (
        problems
    )
    with pytest.raises(ProfileError, match="not valid TOML"):
        save_town_profile(database, "[town\nid=", actor=CLERK, clock=clock)
    assert [v.version_id for v in profile_history(database)] == [first]


def test_a_save_refuses_a_stale_start_another_town_or_no_change(
    database: Database, clock: FixedClock
) -> None:
    first = _westborough(database, clock)
    text = preset_toml("westborough")
    edited = text.replace("amount = 1.25", "amount = 1.50")
    save_town_profile(database, edited, actor=staff("ws-1"), clock=clock, base_version_id=first)
    # another workstation still had version 1 open
    other = text.replace("amount = 1.25", "amount = 2.00")
    with pytest.raises(ValidationError, match="another workstation") as stale:
        save_town_profile(database, other, actor=staff("ws-2"), clock=clock, base_version_id=first)
    assert stale.value.field == "version"
    with pytest.raises(ValidationError) as same:
        save_town_profile(database, edited, actor=staff("ws-1"), clock=clock)
    assert same.value.field == "profile"
    with pytest.raises(ValidationError) as town:
        save_town_profile(database, preset_toml("fairhaven"), actor=staff("ws-1"), clock=clock)
    assert town.value.field == "town.id"
    with pytest.raises(ValidationError) as twice:
        set_up_town(database, "fairhaven", actor=staff("ws-1"), clock=clock)
    assert twice.value.field == "town"
    assert len(profile_history(database)) == 2


def test_a_schedule_for_a_past_date_or_before_the_newest_is_refused(
    database: Database, clock: FixedClock
) -> None:
    _westborough(database, clock)
    for day in (dt.date(2026, 5, 31), clock.today(), dt.date(2003, 1, 1)):
        with pytest.raises(ValidationError, match="must be after") as refused:
            add_fee_schedule(database, day, actor=CLERK, clock=clock)
        assert refused.value.field == "effective"
    add_fee_schedule(database, dt.date(2027, 4, 1), actor=CLERK, clock=clock)
    with pytest.raises(ValidationError, match="newest schedule") as again:
        add_fee_schedule(database, dt.date(2027, 4, 1), actor=CLERK, clock=clock)
    assert again.value.field == "effective"
    assert len(profile_history(database)) == 2


def test_a_new_schedule_prices_the_license_year_after_it_and_not_this_one(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN Westborough on June 1, 2026, in license year 2026–27 (April to March)
    _westborough(database, clock)
    current = town_in_use(database)
    assert current is not None
    assert suggested_effective(current.profile, clock.today()) == dt.date(2027, 4, 1)
    before = _quote(database, clock.today(), renewal=True)
    # WHEN a schedule is added from July 1 and its intact fee raised to 20.00
    added = add_fee_schedule(
        database, dt.date(2026, 7, 1), actor=CLERK, clock=clock, citation="ATM 2026 Art. 12"
    )
    assert added.copied_from == dt.date(2004, 4, 1)
    assert added.first_license_year.label == "2027–28"
    assert added.comments_kept and added.schedule_index == 1
    text = added.saved.town.profile_toml
    assert text.startswith(preset_toml("westborough").rstrip())
    head, tail = text.split("effective = 2026-07-01")
    raised = tail.replace("male_intact = 15.00", "male_intact = 20.00", 1)
    save_town_profile(
        database, head + "effective = 2026-07-01" + raised, actor=staff("c"), clock=clock
    )
    # THEN this year's quotes are unchanged; the year starting after July 1 costs 20.00
    assert _quote(database, clock.today(), renewal=True) == before
    assert _quote(database, dt.date(2027, 2, 1))[0] == Decimal("15.00")
    assert _quote(database, dt.date(2027, 4, 1))[0] == Decimal("20.00")
    assert _quote(database, dt.date(2027, 6, 1), renewal=True)[0] == Decimal("24.00")
    newest = town_in_use(database)
    assert newest is not None
    schedule = newest.profile.schedules[1]
    assert schedule.citation == "ATM 2026 Art. 12"
    assert schedule.other_fee("transfer") is not None  # copied whole, not only what changes
    assert first_license_year_under(newest.profile, dt.date(2027, 4, 1)).label == "2027–28"


def test_confirming_examples_clears_the_warning_and_keeps_the_comments(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN Fairhaven, whose fees the preset only gives as examples
    set_up_town(database, "fairhaven", actor=CLERK, clock=clock)
    today = clock.today()
    assert any("example value" in w for w in _quote(database, today)[1])
    # WHEN a schedule is added, its copied fees are examples too
    added = add_fee_schedule(database, dt.date(2027, 1, 1), actor=CLERK, clock=clock)
    assert "schedules[1].dog_fees" in added.saved.town.profile.unconfirmed_examples
    # WHEN the clerk confirms one value, then the rest
    one = confirm_town_examples(
        database, ["license_year.early_sale_days"], actor=CLERK, clock=clock
    )
    assert one.confirmed == ("license_year.early_sale_days",)
    assert "license_year.early_sale_days" not in one.remaining and one.remaining
    with pytest.raises(ValidationError) as unknown:
        confirm_town_examples(database, ["town.name"], actor=CLERK, clock=clock)
    assert unknown.value.field == "examples"
    rest = confirm_town_examples(database, None, actor=CLERK, clock=clock)
    # THEN no quote warns, and the clerk's comments are still in the text
    assert rest.remaining == () and rest.comments_kept
    assert _quote(database, today)[1] == ()
    assert _quote(database, dt.date(2027, 1, 5))[1] == ()
    current = town_in_use(database)
    assert current is not None and current.profile.unconfirmed_examples == ()
    assert "# Town of Fairhaven, Code Chapter 87" in current.profile_toml
    assert "examples" not in current.profile_toml.split("[license_year]")[0]
    with pytest.raises(ValidationError, match="every value"):
        confirm_town_examples(database, None, actor=CLERK, clock=clock)
    assert len(profile_history(database)) == 4


def test_export_then_import_round_trips_the_text(
    database: Database, clock: FixedClock, tmp_path: Path
) -> None:
    with pytest.raises(ValidationError) as nothing:
        export_profile_file(database, tmp_path / "none.toml")
    assert nothing.value.field == "version"
    first = _westborough(database, clock)
    exported = export_profile_file(database, tmp_path / "out" / "westborough.toml")
    assert exported.version_id == first and exported.town_name == "Town of Westborough"
    written = exported.path.read_bytes().decode("utf-8")
    assert written == preset_toml("westborough")
    exported.path.write_text(written.replace("amount = 1.25", "amount = 1.50"), encoding="utf-8")
    saved = import_profile_file(
        database, exported.path, actor=CLERK, clock=clock, base_version_id=first
    )
    assert saved.town.profile.fee("transfer").amount == Decimal("1.50")
    assert profile_history(database)[0].note == "imported from westborough.toml"
    again = export_profile_file(database, tmp_path / "again.toml")
    assert again.path.read_text(encoding="utf-8") == exported.path.read_text(encoding="utf-8")
    old = export_profile_file(database, tmp_path / "v1.toml", version_id=first)
    assert old.path.read_text(encoding="utf-8") == preset_toml("westborough")
    # a bad file saves nothing
    bad = tmp_path / "bad.toml"
    bad.write_text(written.replace("male_intact = 15.00", "male_intact = -1"), encoding="utf-8")
    with pytest.raises(ProfileError, match="must not be negative"):
        import_profile_file(database, bad, actor=CLERK, clock=clock)
    with pytest.raises(ValidationError) as missing:
        import_profile_file(database, tmp_path / "missing.toml", actor=CLERK, clock=clock)
    assert missing.value.field == "path"
    assert len(profile_history(database)) == 2


def test_examples_are_rewritten_in_place_or_the_profile_is_written_afresh() -> None:
    text = '[town]\nid = "x"  # the id\nexamples = ["a", "b"]  # [not] a list\n\n[other]\nk = 1\n'
    assert town_toml.with_examples(text, ["b"]) == (
        '[town]\nid = "x"  # the id\nexamples = [\n    "b",\n]\n\n[other]\nk = 1\n'
    )
    assert town_toml.with_examples(text, []) == '[town]\nid = "x"  # the id\n\n[other]\nk = 1\n'
    inline = 'town = { id = "x", examples = ["a"] }\n'
    assert town_toml.with_examples(inline, []) is None
    fresh = town_toml.rewrite(None, {"town": {"id": "x"}})
    assert fresh == town_toml.Rewritten('[town]\nid = "x"\n', comments_kept=False)
