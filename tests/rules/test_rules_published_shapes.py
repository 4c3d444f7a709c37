"""Rule shapes real towns publish (issue 22, item 2): a senior rate that is so much less, a
late fee by the owner's age, a charge every N days, a late fee for some dogs or a window of
dates, and one counted from the renewal notice. The worked examples in docs/town-profiles.md
quote the amounts; these are the edges and the refusals."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.rules import DogQuoteRequest, ProfileError, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.late_fees import periods_elapsed

D = Decimal
HEAD = """
[town]
id = "shapes"
name = "Town of Shapes"
[license_year]
start = "01-01"
due = "01-31"
citation = "§1"
[accounts]
default = "Dogs"
[[schedules]]
effective = 2020-01-01
citation = "§5"
[schedules.dog_fees]
male_intact = 15.00
female_intact = 15.00
male_altered = 10.00
female_altered = 10.00
citation = "§5"
"""


def town(fragment: str) -> TownProfile:
    return parse_profile(HEAD + fragment)


def total(profile: TownProfile, on: dt.date, **kw: object) -> Decimal:
    request = DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]
    return quote_dog(profile, request).total


def late(fragment: str) -> str:
    return f'[[schedules.late_fees]]\ncitation = "§6"\n{fragment}\n'


@pytest.mark.parametrize(
    ("fragment", "problem"),
    [
        (late('kind = "flat"\namount = 5.00\nfrom = "06-01"\nuntil = "03-01"'), "comes before"),
        (late('kind = "flat"\namount = 5.00\ndogs = ["male", "female"]'), "no dog is both"),
        (late('kind = "flat"\namount = 5.00\ndogs = ["puppy"]'), "is not a class of dog"),
        (
            late('kind = "flat"\namount = 5.00\nowner_age_at_least = 65\nowner_age_below = 60'),
            "must be above owner_age_at_least",
        ),
        (late('kind = "periodic"\namount = 5.00\nperiod = "days"'), "is required with period"),
        (late('kind = "periodic"\namount = 5.00\nperiod = "week"\ndays = 3'), "only for period"),
        (late('kind = "flat"\namount = 5.00\ncounted_from = "notice"'), "after_days: is required"),
        (
            late(
                'kind = "flat"\namount = 5.00\ncounted_from = "notice"\n'
                'after_days = 3\nfrom = "03-01"'
            ),
            "is not used with counted_from",
        ),
        (
            late('kind = "table"\nsteps = [{ from = "03-01", amount = 1.00 }]\nuntil = "05-01"'),
            'is for a "flat" or "periodic" fee',
        ),
        (
            "[schedules.exemptions.senior]\nage = 60\nfee = 5.00\ndiscount = 3.00\n"
            'citation = "§8"\n',
            "not both",
        ),
    ],
)
def test_a_shape_written_wrong_is_refused_with_its_reason(fragment: str, problem: str) -> None:
    with pytest.raises(ProfileError, match=problem):
        town(fragment)


def test_a_discount_never_takes_the_fee_below_zero_and_may_be_by_kind_of_dog() -> None:
    by_kind = (
        "{ male_intact = 20.00, female_intact = 20.00, male_altered = 3.00, female_altered = 3.00 }"
    )
    profile = town(
        f'[schedules.exemptions.senior]\nage = 60\ndiscount = {by_kind}\ncitation = "§8"\n'
    )
    senior = {"owner_born": dt.date(1950, 1, 1)}
    assert total(profile, dt.date(2026, 1, 15), **senior) == D("0.00")  # 15 less 20
    assert total(profile, dt.date(2026, 1, 15), altered=True, **senior) == D("7.00")


def test_an_age_late_fee_counts_from_the_birthday() -> None:
    profile = town(late('kind = "flat"\namount = 5.00\nowner_age_at_least = 65'))
    on = dt.date(2026, 3, 1)
    assert total(profile, on, owner_born=dt.date(1961, 3, 1)) == D("20.00")  # 65 today
    assert total(profile, on, owner_born=dt.date(1961, 3, 2)) == D("15.00")  # 64
    assert total(profile, on) == D("15.00")  # no birth date: not shown to be 65


def test_every_n_days_counts_real_days_across_a_leap_year() -> None:
    start = dt.date(2028, 2, 1)
    assert periods_elapsed(start, dt.date(2028, 3, 1), "days", True, 30) == 1
    assert periods_elapsed(start, dt.date(2028, 3, 2), "days", True, 30) == 2
    assert periods_elapsed(start, dt.date(2028, 3, 1), "days", False, 30) == 1
    assert periods_elapsed(start, dt.date(2028, 2, 29), "days", False, 30) == 0
    assert periods_elapsed(dt.date(2027, 12, 1), dt.date(2028, 11, 30), "days", True, 366) == 1


def test_a_notice_fee_is_not_charged_on_the_last_day_and_is_on_the_next() -> None:
    profile = town(late('kind = "flat"\namount = 10.00\ncounted_from = "notice"\nafter_days = 0'))
    sent = dt.date(2026, 4, 15)
    assert total(profile, sent, notice_sent_on=sent) == D("15.00")
    assert total(profile, sent + dt.timedelta(days=1), notice_sent_on=sent) == D("25.00")


def test_a_window_fee_before_its_first_day_and_on_its_last() -> None:
    profile = town(late('kind = "flat"\namount = 5.00\nfrom = "03-01"\nuntil = "03-31"'))
    assert total(profile, dt.date(2026, 2, 28)) == D("15.00")
    assert total(profile, dt.date(2026, 3, 31)) == D("20.00")
    assert total(profile, dt.date(2026, 4, 1)) == D("15.00")
