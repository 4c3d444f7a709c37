"""Over generated valid profiles (every late-fee shape and reach, a due date anywhere in the
license year, exemptions, arrears, under-age and card fees): no dog licensed on or before its
due date is ever charged a late fee, and a quote's lines always sum to its total."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from clerkdesk.rules import DogQuoteRequest, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.money import cents

HEAD = """
[town]
id = "generated"
name = "Generated Town"
[license_year]
start = "{start}"
due = "{due}"
early_sale_days = 60
grace_days_new_to_town = {grace}
[accounts]
default = "Dogs"
[[schedules]]
effective = 2000-01-01
[schedules.arrears]
{arrears}
[schedules.exemptions.senior]
age = 70
age_rule = "{age_rule}"
late_fees_apply = {senior_late}
[schedules.exemptions.other.veteran]
fee = {veteran_fee}
late_fees_apply = {veteran_late}
[schedules.dog_fees]
male_intact = 20.00
female_intact = 18.00
male_altered = 9.00
female_altered = 7.50
[schedules.dog_fees.under_age]
months = 6
male_intact = 4.00
[schedules.payment_fees.card]
percent = 2.95
minimum = 1.00
"""
REACHES = [
    "all",
    "renewals",
    "licensed_here_before",
    "not_licensed_last_year",
    "except_new_to_town",
]
money = st.integers(min_value=0, max_value=5000).map(lambda c: cents(Decimal(c) / 100))


def _day(start: MonthDay, offset: int) -> MonthDay:
    """The month-day ``offset`` days into a license year starting ``start`` (never Feb 29)."""
    day = start.in_year(2001) + dt.timedelta(days=offset)
    return MonthDay(day.month, day.day)


@st.composite
def _late_fee(draw: st.DrawFn, start: MonthDay, due: int) -> str:
    """A late-fee rule whose dates all fall after the due date (a valid profile's)."""
    # Due on the year's last day leaves no later date in the year: only the default `from`
    # (the next year's first day, which charges nothing in this one).
    after = st.integers(due + 1, 364) if due < 364 else None
    reach = draw(st.sampled_from(REACHES))
    kinds = ["flat", "periodic", "doubling"] + (["table"] if after is not None else [])
    kind = draw(st.sampled_from(kinds))
    body = f'kind = "{kind}"\napplies_to = "{reach}"\n'
    if kind == "table" and after is not None:
        offsets = sorted(draw(st.sets(after, min_size=1, max_size=3)))
        amounts = sorted(draw(st.lists(money, min_size=len(offsets), max_size=len(offsets))))
        steps = ", ".join(
            f'{{ from = "{_day(start, o)}", amount = {a} }}'
            for o, a in zip(offsets, amounts, strict=True)
        )
        return f"\n[[schedules.late_fees]]\n{body}steps = [{steps}]\n"
    if after is not None and draw(st.booleans()):  # or the default: the day after due
        first = draw(after)
        body += f'from = "{_day(start, first)}"\n'
        if kind in ("flat", "periodic") and draw(st.booleans()):
            body += f'until = "{_day(start, draw(st.integers(first, 364)))}"\n'
    if draw(st.booleans()):  # a late fee for some dogs or owners only (issue 22)
        body += draw(
            st.sampled_from(
                [
                    'dogs = ["intact"]\n',
                    'dogs = ["female", "altered"]\n',
                    "owner_age_at_least = 65\n",
                    "owner_age_below = 65\n",
                ]
            )
        )
    if kind == "flat":
        body += f"amount = {draw(money)}\n"
    elif kind == "periodic":
        period = draw(st.sampled_from(["week", "month"]))
        body += f'base = {draw(money)}\namount = {draw(money)}\nperiod = "{period}"\n'
    else:
        body += f"factor = {draw(st.integers(1, 3))}\n"
    return f"\n[[schedules.late_fees]]\n{body}"


@st.composite
def valid_profiles(draw: st.DrawFn) -> TownProfile:
    start = MonthDay(draw(st.integers(1, 12)), draw(st.integers(1, 28)))
    due = draw(st.integers(0, 364) | st.just(364))
    rules = draw(st.lists(_late_fee(start, due), max_size=4, unique=True))
    if draw(st.booleans()):  # a late fee of its own for a dog new to town
        rules.append(
            '\n[[schedules.late_fees]]\nkind = "flat"\napplies_to = "new_to_town"\n'
            f"after_days = {draw(st.integers(0, 60))}\namount = 5.00\n"
        )
    before_start = due == 364 and draw(st.booleans())
    by_dog = (
        "{ male_intact = 25.00, female_intact = 20.00, male_altered = 5.00, female_altered = 4.00 }"
    )
    head = HEAD.format(
        start=start,
        due="before_start" if before_start else _day(start, due),
        grace=draw(st.sampled_from([0, 30, 60])),
        arrears=draw(st.sampled_from(["", "amount = 5.00", f"amount = {by_dog}"])),
        age_rule=draw(st.sampled_from(["or_over", "over"])),
        senior_late=str(draw(st.booleans())).lower(),
        veteran_fee=draw(money),
        veteran_late=str(draw(st.booleans())).lower(),
    )
    return parse_profile(head + "".join(rules))


@st.composite
def dogs(draw: st.DrawFn, on: dt.date) -> DogQuoteRequest:
    arrived = draw(st.none() | st.integers(0, 400).map(lambda n: on - dt.timedelta(days=n)))
    renewal = draw(st.booleans())
    born = draw(st.none() | st.dates(dt.date(2000, 1, 1), on))
    # Arrears for a dog too young to have needed a license are refused, rightly: not drawn.
    missed = 0 if renewal or born is not None else draw(st.integers(0, 2))
    return DogQuoteRequest(
        on=on,
        sex=draw(st.sampled_from(["male", "female"])),
        altered=draw(st.booleans()),
        renewal=renewal,
        licensed_here_before=renewal or draw(st.booleans()),
        born=born,
        service_animal=draw(st.booleans()),
        exemptions=draw(st.sampled_from([(), ("veteran",)])),
        owner_born=draw(st.none() | st.dates(dt.date(1930, 1, 1), dt.date(2000, 1, 1))),
        owner_exempt_dogs=draw(st.integers(0, 1)),
        new_to_town_since=arrived,
        missed_years=missed,
        tender=draw(st.sampled_from([None, "cash", "card"])),
    )


def _late_fees(profile: TownProfile, request: DogQuoteRequest) -> list[str]:
    return [
        f"{line.description}: {line.amount}"
        for line in quote_dog(profile, request).lines
        if ".late_fees[" in line.source and line.amount > 0
    ]


@settings(max_examples=400, deadline=None)
@given(valid_profiles(), st.integers(2026, 2029), st.data())
def test_no_dog_licensed_on_or_before_its_due_date_pays_a_late_fee(
    profile: TownProfile, year: int, data: st.DataObject
) -> None:
    license_year = profile.license_year_starting_in(year)
    due = profile.due_date(license_year)
    if due >= license_year.start:  # due before the year starts: on time only ahead of it
        on = data.draw(st.dates(license_year.start, due))
        request = data.draw(dogs(on))
        # A dog new to town this year may owe its own late fee, counted from its arrival.
        if request.new_to_town_since is None or request.new_to_town_since < license_year.start:
            assert _late_fees(profile, request) == []
    # Next year's license bought early, before that year even starts, is on time too.
    early = license_year.start - dt.timedelta(days=data.draw(st.integers(1, 60)))
    request = data.draw(dogs(early))
    ahead = DogQuoteRequest(**{**request.__dict__, "license_year": year})
    assert _late_fees(profile, ahead) == []


@settings(max_examples=400, deadline=None)
@given(valid_profiles(), st.data())
def test_the_lines_always_sum_to_the_total(profile: TownProfile, data: st.DataObject) -> None:
    on = data.draw(st.dates(dt.date(2026, 1, 1), dt.date(2029, 12, 31)))
    quote = quote_dog(profile, data.draw(dogs(on)))
    assert quote.total == sum((line.amount for line in quote.lines), Decimal(0))
    assert all(line.amount >= 0 and line.amount == cents(line.amount) for line in quote.lines)
    assert all(line.description and line.account and line.citation for line in quote.lines)


@settings(max_examples=300, deadline=None)
@given(valid_profiles(), st.integers(2026, 2029), st.data())
def test_a_dog_renewed_on_time_the_year_after_it_came_is_never_new_to_town(
    profile: TownProfile, year: int, data: st.DataObject
) -> None:
    license_year = profile.license_year_starting_in(year)
    last_year = profile.license_year_starting_in(year - 1)
    came = data.draw(st.dates(last_year.start, last_year.end))
    due = max(profile.due_date(license_year), license_year.start)
    on = data.draw(st.dates(license_year.start, due))
    request = data.draw(dogs(on))
    renewal = DogQuoteRequest(
        **{**request.__dict__, "new_to_town_since": came, "renewal": True, "missed_years": 0}
    )
    quote = quote_dog(profile, renewal)
    assert not any("came to town" in line.description for line in quote.lines)
    assert not any("new to town" in note for note in quote.notes)
