"""Properties of the fee engine over random dogs, dates and late-fee rules (hypothesis)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from clerkdesk.rules import DogQuoteRequest, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.money import cents
from clerkdesk.rules.presets import list_presets, load_preset

PRESETS = {info.id: load_preset(info.id) for info in list_presets()}
HEAD = """
[town]
id = "random"
name = "Random Town"
[license_year]
start = "{start}"
due = "{start}"
grace_days_new_to_town = {grace}
[accounts]
default = "Dogs"
[[schedules]]
effective = 2000-01-01
[schedules.arrears]
[schedules.exemptions.senior]
age = 70
late_fees_apply = {senior_late}
[schedules.dog_fees]
male_intact = 20.00
female_intact = 18.00
male_altered = 9.00
female_altered = 7.50
"""

money = st.integers(min_value=0, max_value=5000).map(lambda c: cents(Decimal(c) / 100))
month_days = st.builds(lambda m, d: MonthDay(m, min(d, 28)), st.integers(1, 12), st.integers(1, 31))


def _flat(start: MonthDay, amount: Decimal, renewals: bool) -> str:
    return _rule("flat", renewals, f'from = "{start}"\namount = {amount}')


def _periodic(
    start: MonthDay,
    base: Decimal,
    amount: Decimal,
    period: str,
    part: bool,
    cap: Decimal | None,
    renewals: bool,
) -> str:
    body = f'from = "{start}"\nbase = {base}\namount = {amount}\nperiod = "{period}"\n'
    body += f"part_counts = {str(part).lower()}\n"
    if cap is not None:
        body += f"cap = {base + cap}\n"
    return _rule("periodic", renewals, body)


def _doubling(start: MonthDay, factor: int, renewals: bool) -> str:
    return _rule("doubling", renewals, f'from = "{start}"\nfactor = {factor}')


def _rule(kind: str, renewals: bool, body: str) -> str:
    applies = "renewals" if renewals else "all"
    return f'\n[[schedules.late_fees]]\nkind = "{kind}"\napplies_to = "{applies}"\n{body}\n'


@st.composite
def _table(draw: st.DrawFn, year_start: MonthDay, renewals: bool) -> str:
    offsets = sorted(draw(st.sets(st.integers(0, 364), min_size=1, max_size=4)))
    amounts = sorted(draw(st.lists(money, min_size=len(offsets), max_size=len(offsets))))
    first = year_start.in_year(2001)
    steps = []
    for offset, amount in zip(offsets, amounts, strict=True):
        day = first + dt.timedelta(days=offset)
        if (day.month, day.day) == (2, 29):
            continue
        steps.append(f'{{ from = "{day.month:02d}-{day.day:02d}", amount = {amount} }}')
    if not steps:
        steps = [f'{{ from = "{year_start}", amount = 1.00 }}']
    return _rule("table", renewals, f"steps = [{', '.join(steps)}]")


@st.composite
def profiles(draw: st.DrawFn) -> TownProfile:
    start = draw(month_days)
    renewals = st.booleans()
    rules = draw(
        st.lists(
            st.one_of(
                st.builds(_flat, month_days, money, renewals),
                st.builds(
                    _periodic,
                    month_days,
                    money,
                    money,
                    st.sampled_from(["week", "month"]),
                    st.booleans(),
                    st.none() | money,
                    renewals,
                ),
                st.builds(_doubling, month_days, st.integers(1, 3), renewals),
                _table(start, draw(renewals)),
            ),
            max_size=4,
            unique=True,  # the same rule twice is refused (issue 22)
        )
    )
    head = HEAD.format(
        start=start,
        grace=draw(st.sampled_from([0, 30, 60])),
        senior_late=str(draw(st.booleans())).lower(),
    )
    return parse_profile(head + "".join(rules))


any_profile = st.one_of(st.sampled_from(list(PRESETS.values())), profiles())
days = st.dates(min_value=dt.date(2026, 1, 1), max_value=dt.date(2030, 12, 31))


@st.composite
def requests(draw: st.DrawFn, on: dt.date | None = None) -> DogQuoteRequest:
    day = on or draw(days)
    arrived = draw(st.none() | st.integers(0, 400).map(lambda n: day - dt.timedelta(days=n)))
    return DogQuoteRequest(
        on=day,
        sex=draw(st.sampled_from(["male", "female"])),
        altered=draw(st.booleans()),
        renewal=draw(st.booleans()),
        born=draw(st.none() | st.dates(dt.date(2000, 1, 1), dt.date(2015, 12, 31))),
        service_animal=draw(st.booleans()),
        owner_born=draw(st.none() | st.dates(dt.date(1930, 1, 1), dt.date(2000, 1, 1))),
        owner_exempt_dogs=draw(st.integers(0, 2)),
        new_to_town_since=arrived,
        missed_years=draw(st.integers(0, 3)),
    )


def _late(profile: TownProfile, request: DogQuoteRequest) -> Decimal:
    lines = quote_dog(profile, request).lines
    return sum(
        (
            line.amount
            for line in lines
            if line.source.split(".")[1:2] == ["late_fees"] or ".late_fees[" in line.source
        ),
        Decimal(0),
    )


@settings(max_examples=300)
@given(any_profile, requests())
def test_total_is_the_sum_of_the_lines_and_nothing_is_negative(
    profile: TownProfile, request: DogQuoteRequest
) -> None:
    quote = quote_dog(profile, request)
    assert quote.total == sum((line.amount for line in quote.lines), Decimal(0))
    assert all(line.amount >= 0 for line in quote.lines)
    assert all(line.amount == cents(line.amount) for line in quote.lines)
    assert all(line.description and line.account for line in quote.lines)
    assert quote.license_year.contains(request.on)


@settings(max_examples=300)
@given(any_profile, requests(), st.integers(0, 364), st.integers(0, 364))
def test_a_late_fee_never_falls_as_the_date_advances_within_a_license_year(
    profile: TownProfile, request: DogQuoteRequest, first: int, second: int
) -> None:
    year = profile.license_year_containing(request.on)
    early, late = sorted((first, second))
    on_early = min(year.start + dt.timedelta(days=early), year.end)
    on_late = min(year.start + dt.timedelta(days=late), year.end)
    if request.new_to_town_since is not None:  # the same dog on both days: here by the first
        request = _with(request, new_to_town_since=min(request.new_to_town_since, on_early))
    before = _late(profile, _on(request, on_early))
    after = _late(profile, _on(request, on_late))
    assert after >= before
    born = request.owner_born
    if born is not None and any(
        (d.month, d.day) in ((born.month, born.day), (3, 1) if born.month == 2 else (0, 0))
        for n in range(1, (on_late - on_early).days + 1)
        for d in (on_early + dt.timedelta(days=n), on_early + dt.timedelta(days=n - 1))
    ):
        return  # a birthday (or the day after: "over 70") between the two days
    assert (
        quote_dog(profile, _on(request, on_late)).total
        >= quote_dog(profile, _on(request, on_early)).total
    )


@settings(max_examples=300)
@given(any_profile, requests())
def test_a_renewal_never_costs_less_than_a_new_license_on_the_same_day(
    profile: TownProfile, request: DogQuoteRequest
) -> None:
    renewal = quote_dog(profile, _with(request, renewal=True))
    new = quote_dog(profile, _with(request, renewal=False))
    assert renewal.total >= new.total


def _on(request: DogQuoteRequest, day: dt.date) -> DogQuoteRequest:
    return _with(request, on=day)


def _with(request: DogQuoteRequest, **changes: object) -> DogQuoteRequest:
    from dataclasses import replace

    return replace(request, **changes)  # type: ignore[arg-type]
