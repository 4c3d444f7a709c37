"""A demo office in mid-year, its history written through the counter's own services.

Tag stock is received for each license year written, for this one and, once its early sale
has opened, for next year. Then, day by day up to yesterday, owners renew their dogs — most
on time, some late, some not yet — a few lost tags are replaced and, this year, a few dogs
change owner: through the same checkout, tag replacement and transfer the counter uses, so
receipts, license numbers and tags come out as the counter numbers them, in date order.
An owner whose dogs cannot be licensed that day (a puppy not yet born, a lapsed certificate)
is skipped: a savepoint undoes just that owner.

Each past business day with receipts is then closed out through the close-out service, the
cash counted equal to the cash expected except on two days, one a little short and one a
little over, each with the clerk's note.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import partial

from sqlalchemy import func, select

from clerkdesk.clock import Clock, FixedClock
from clerkdesk.db.database import Database
from clerkdesk.demo import kennels
from clerkdesk.demo import office_hours as hours
from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, Dog, DogStatus, Receipt, ReceiptVoid, Tender, TenderKind
from clerkdesk.reports.money_documents import DaySummary
from clerkdesk.rules import TownProfile
from clerkdesk.rules.counts import counted
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.roles import Actor, Permission, Role
from clerkdesk.rules.sale import years_on_sale
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import acting
from clerkdesk.services.closeout import close_out_in
from clerkdesk.services.dog_changes import replace_tag, transfer_dog
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout_in
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.tags import receive_stock
from clerkdesk.services.voids import void_receipt

Progress = Callable[[int, int], None]
Stage = Callable[[str], None]
OWNERS_PER_TRANSACTION = 400
RENEWING = 0.85
"""The share of dogs renewed each year."""
ON_TIME = 0.8
"""The share of renewing owners who come before late fees can start."""
ON_TIME_DAYS = 60
"""Renewals within this many days after the due date count as on time here."""
LOST_TAGS = 0.012
TRANSFERS = 0.006
VOIDS = 0.01
"""The share of sales voided later the same day (a handful: the Money area shows voids)."""
MAX_VOIDS = 12
VOID_REASONS = (
    "Wrong dog rung up",
    "Check returned by the bank",
    "Owner paid twice; refunded",
    "Entered under the wrong owner",
    "Card payment declined after the sale",
)

DEMO_ACTOR = Actor("demo", Role.ADMINISTRATOR, "demo")


@dataclass(frozen=True, order=True)
class _Event:
    moment: dt.datetime
    order: int
    kind: str
    """"license", "lost" (a tag replaced), "transfer" or "kennel" (``owner_id`` is then
    the kennel's)."""
    year_starts_in: int
    owner_id: int
    dog_ids: tuple[int, ...]
    new_owner_id: int = 0


@dataclass(frozen=True)
class HistoryWritten:
    licenses: int
    lost_tags: int
    transfers: int
    stocked: tuple[str, ...]
    """The license years given tag stock, by label."""
    closeouts: int = 0
    voids: int = 0
    kennel_licenses: int = 0


def _tender(rng: random.Random) -> tuple[TenderInput, ...]:
    """A check, cash or a card for the balance (a free license takes none)."""
    roll = rng.random()
    if roll < 0.6:
        return (TenderInput(TenderKind.CHECK, None, str(rng.randint(100, 9999))),)
    if roll < 0.9:
        return (TenderInput(TenderKind.CASH, None),)
    return (TenderInput(TenderKind.CARD, None, f"AUTH{rng.randint(10000, 99999)}"),)


def _stock_size(dogs: int) -> int:
    """Tags come in boxes of 500: enough for every dog, replacements and a margin."""
    return (dogs * 11 // 10 + 100) // 500 * 500 + 500


def years_to_stock(
    profile: TownProfile, today: dt.date, past_years: int
) -> tuple[LicenseYear, ...]:
    """The past years written, this year and, once its early sale is open, next year."""
    current = profile.license_year_containing(today)
    past = [
        profile.license_year_starting_in(current.starts_in - back)
        for back in range(1, 1 + past_years)
    ]
    return (*reversed(past), *years_on_sale(profile, today))


class _Planner:
    """Every event of every year written, each on its day, in the order they happen."""

    def __init__(self, profile: TownProfile, rng: random.Random, clock: Clock) -> None:
        self.profile = profile
        self.rng = rng
        self.today = clock.today()
        self.current = profile.license_year_containing(self.today)
        self.events: list[_Event] = []

    def _add(
        self,
        day: dt.date,
        kind: str,
        year: LicenseYear,
        owner: int,
        dogs: tuple[int, ...],
        new_owner: int = 0,
    ) -> None:
        moment = hours.office_moment(day, self.rng)
        self.events.append(
            _Event(moment, len(self.events), kind, year.starts_in, owner, dogs, new_owner)
        )

    def year(self, year: LicenseYear, owners: list[tuple[int, list[int]]]) -> None:
        rng, profile = self.rng, self.profile
        yesterday = self.today - dt.timedelta(days=1)
        early = profile.license_year_rule.early_sale_days
        opens = year.start - dt.timedelta(days=early or 0)
        on_time_until = max(profile.due_date(year), year.start) + dt.timedelta(days=ON_TIME_DAYS)
        late_until = max(on_time_until, year.end - dt.timedelta(days=30))
        owner_ids = [owner_id for owner_id, _ in owners]
        for owner_id, dog_ids in owners:
            chosen = tuple(d for d in dog_ids if rng.random() < RENEWING)
            if not chosen:
                continue
            if rng.random() < ON_TIME:
                day = hours.open_day_between(opens, on_time_until, rng)
            else:
                day = hours.open_day_between(on_time_until + dt.timedelta(days=1), late_until, rng)
            if day > yesterday:
                continue
            self._add(day, "license", year, owner_id, chosen)
            roll = rng.random()
            follow_up = hours.open_on_or_after(
                max(day, year.start) + dt.timedelta(days=rng.randint(3, 150))
            )
            if follow_up > min(yesterday, year.end):
                continue
            if roll < LOST_TAGS:
                self._add(follow_up, "lost", year, owner_id, chosen[:1])
            elif roll < LOST_TAGS + TRANSFERS and year == self.current:
                new_owner = rng.choice(owner_ids)
                if new_owner != owner_id:
                    self._add(follow_up, "transfer", year, owner_id, chosen[:1], new_owner)

    def kennel(self, sale: kennels.KennelSale) -> None:
        self.events.append(
            _Event(sale.moment, len(self.events), "kennel", sale.year_starts_in, sale.kennel_id, ())
        )

    def ordered(self) -> list[_Event]:
        return sorted(self.events)


def _active_dogs(database: Database) -> dict[int, list[int]]:
    dogs_by_owner: dict[int, list[int]] = {}
    with database.read() as session:
        for dog_id, owner_id in session.execute(
            select(Dog.id, Dog.owner_id).where(Dog.status == DogStatus.ACTIVE).order_by(Dog.id)
        ):
            dogs_by_owner.setdefault(owner_id, []).append(dog_id)
    return dogs_by_owner


def stock_years(
    database: Database,
    profile: TownProfile,
    years: tuple[LicenseYear, ...],
    dogs: int,
    clock: Clock,
) -> tuple[str, ...]:
    """Each year's box of tags, received two weeks before its sale opens (today, if that day
    is still to come)."""
    early = dt.timedelta(days=(profile.license_year_rule.early_sale_days or 0) + 14)
    for year in years:
        day = hours.open_on_or_before(min(year.start - early, clock.today()))
        when = FixedClock(hours.at(day, hours.OPENS))
        receive_stock(
            database,
            year.start,
            1,
            _stock_size(dogs),
            actor=DEMO_ACTOR,
            clock=when,
            note="demo town",
        )
    return tuple(year.label for year in years)


def _runs(events: list[_Event]) -> Iterator[list[_Event]]:
    """Licenses in runs of one transaction each; a tag replacement or transfer on its own."""
    run: list[_Event] = []
    for event in events:
        if event.kind != "license":
            if run:
                yield run
                run = []
            yield [event]
            continue
        run.append(event)
        if len(run) >= OWNERS_PER_TRANSACTION:
            yield run
            run = []
    if run:
        yield run


class _Writer:
    def __init__(self, database: Database, rng: random.Random) -> None:
        self.database = database
        self.rng = rng
        self.licenses: dict[tuple[int, int], int] = {}
        """(dog, license year) → the license in force."""
        self.moved: set[int] = set()
        self.written = self.lost = self.transfers = self.voided = self.kennels = 0
        # (receipt, the moment it was written): sales a void may later reverse.
        self.sales: list[tuple[int, dt.datetime]] = []

    def licenses_run(self, run: list[_Event]) -> None:
        with acting(self.database, DEMO_ACTOR, Permission.SELL) as session:
            for event in run:
                items = tuple(
                    LicenseItem(d, license_year=event.year_starts_in)
                    for d in event.dog_ids
                    if d not in self.moved
                )
                if not items:
                    continue
                try:
                    with session.begin_nested():
                        result = checkout_in(
                            session,
                            CheckoutRequest(event.owner_id, items, _tender(self.rng)),
                            actor=DEMO_ACTOR,
                            today=event.moment.date(),
                            now=event.moment,
                        )
                except ValidationError:
                    continue
                self.written += len(result.licenses)
                self.sales.append((result.receipt_id, event.moment))
                for issued in result.licenses:
                    self.licenses[(issued.dog_id, event.year_starts_in)] = issued.license_id

    def change(self, event: _Event) -> None:
        if event.kind == "kennel":
            sale = kennels.KennelSale(event.moment, event.owner_id, event.year_starts_in)
            self.kennels += kennels.sell(self.database, sale, self.rng, DEMO_ACTOR)
            return
        dog_id = event.dog_ids[0]
        license_id = self.licenses.get((dog_id, event.year_starts_in))
        if license_id is None or dog_id in self.moved:
            return
        clock = FixedClock(event.moment)
        paid = (TenderInput(TenderKind.CASH, None),)
        try:
            if event.kind == "lost":
                replace_tag(
                    self.database, license_id, paid, new_tag=None, actor=DEMO_ACTOR, clock=clock
                )
                self.lost += 1
            else:
                result = transfer_dog(
                    self.database, dog_id, event.new_owner_id, paid, actor=DEMO_ACTOR, clock=clock
                )
                self.moved.add(dog_id)
                if result.license_id is not None:
                    self.licenses[(dog_id, event.year_starts_in)] = result.license_id
                self.transfers += 1
        except ValidationError:
            return


CLOSED_AT = dt.time(16, 45)
DAYS_PER_TRANSACTION = 250
MISCOUNTS = (
    (Decimal("-2.50"), "Short 2.50: change given twice for a $20 bill."),
    (Decimal("1.00"), "Over 1.00: a resident left the change for the dog fund."),
)


def _counted(off: Decimal, summary: DaySummary) -> Decimal:
    return max(summary.cash_expected + off, Decimal("0.00"))


def close_past_days(database: Database, rng: random.Random, clock: Clock) -> int:
    """Close out every business day before today that has receipts and no close-out yet."""
    today = clock.today()
    with database.read() as session:
        posted = set(
            session.scalars(
                select(Receipt.business_day).where(Receipt.business_day < today).distinct()
            )
        )
        closed = set(session.scalars(select(Closeout.business_day)))
        # A drawer can be short only of cash it holds: the days off are drawn from those
        # with cash enough and no void to take some back.
        cash_days = set(
            session.scalars(
                select(Tender.business_day)
                .where(Tender.kind == TenderKind.CASH, Tender.business_day < today)
                .group_by(Tender.business_day)
                .having(func.sum(Tender.amount) >= max(-off for off, _ in MISCOUNTS))
            )
        ) - set(session.scalars(select(ReceiptVoid.business_day)))
    days = sorted(posted - closed)
    may_miscount = sorted(cash_days & set(days))
    miscounted = dict(
        zip(
            rng.sample(may_miscount, min(len(may_miscount), len(MISCOUNTS))),
            MISCOUNTS,
            strict=False,
        )
    )
    zone = town_zone()
    for first in range(0, len(days), DAYS_PER_TRANSACTION):
        with database.write() as session:
            for day in days[first : first + DAYS_PER_TRANSACTION]:
                off, note = miscounted.get(day, (Decimal("0.00"), None))
                close_out_in(
                    session,
                    day,
                    Decimal("0.00"),
                    note,
                    actor=DEMO_ACTOR,
                    now=dt.datetime.combine(day, CLOSED_AT, zone),
                    zone=zone,
                    expected=partial(_counted, off),
                )
    return len(days)


def void_some(writer: _Writer, share: float) -> None:
    """Void a few sales through the void service, later the same day, each with a reason.
    A sale changed since (its tag replaced, its dog transferred) is refused by the service
    and passed over, as a clerk would have to."""
    wanted = min(MAX_VOIDS, max(1, round(len(writer.sales) * share))) if writer.sales else 0
    chosen = writer.rng.sample(writer.sales, min(len(writer.sales), wanted * 3))
    for receipt_id, moment in chosen:
        if writer.voided >= wanted:
            return
        later = FixedClock(
            hours.before_closing(moment + dt.timedelta(minutes=writer.rng.randint(5, 90)))
        )
        try:
            void_receipt(
                writer.database,
                receipt_id,
                writer.rng.choice(VOID_REASONS),
                actor=DEMO_ACTOR,
                clock=later,
            )
        except ValidationError:
            continue
        writer.voided += 1


def write_history(
    database: Database,
    *,
    years: int,
    seed: int,
    clock: Clock,
    progress: Progress | None = None,
    stock_only: bool = False,
    stage: Stage | None = None,
) -> HistoryWritten:
    """Stock tags, then license ``years`` past license years and this one up to yesterday.
    ``stage`` is told, in a few words, each step that takes a while besides the sales
    (``progress`` counts those)."""
    say = stage or (lambda _words: None)
    rng = random.Random(seed * 7919 + years)
    with database.read() as session:
        profile = profile_in_force(session)
    dogs_by_owner = _active_dogs(database)
    owners = list(dogs_by_owner.items())
    dogs = sum(len(d) for _, d in owners)
    stocked_years = years_to_stock(profile, clock.today(), years)
    say("receiving tag stock for " + ", ".join(year.label for year in stocked_years))
    stocked = stock_years(database, profile, stocked_years, dogs, clock)
    if stock_only:
        return HistoryWritten(0, 0, 0, stocked)
    # Kennels draw on a random stream of their own, so the dogs' history stays as it was.
    kennel_rng = random.Random(seed * 104729 + years)
    keepers = _keepers(owners, kennels.kennel_count(dogs), kennel_rng)
    say(f"setting up {counted(len(keepers), 'kennel')} and their inspections")
    sales = kennels.set_up_kennels(
        database, profile, stocked_years, keepers, kennel_rng, clock, DEMO_ACTOR
    )
    kept = {owner_id for owner_id, _ in keepers}
    owners = [(owner_id, dog_ids) for owner_id, dog_ids in owners if owner_id not in kept]
    planner = _Planner(profile, rng, clock)
    for year in stocked_years:
        planner.year(year, owners)
    for sale in sales:
        planner.kennel(sale)
    events = planner.ordered()
    writer = _Writer(database, rng)
    done = 0
    if progress is not None:
        progress(0, len(events))
    for run in _runs(events):
        if run[0].kind == "license":
            writer.licenses_run(run)
        else:
            writer.change(run[0])
        done += len(run)
        if progress is not None:
            progress(done, len(events))
    say("voiding a few sales")
    void_some(writer, VOIDS)
    # Voids first: each is posted on its own day, before that day is closed out.
    say("closing out each past business day")
    closed = close_past_days(database, rng, clock)
    return HistoryWritten(
        writer.written, writer.lost, writer.transfers, stocked, closed, writer.voided,
        writer.kennels,
    )  # fmt: skip


def _keepers(
    owners: list[tuple[int, list[int]]], count: int, rng: random.Random
) -> list[tuple[int, list[int]]]:
    """Owners of two or more dogs who keep them under a kennel license."""
    several = [(owner_id, dog_ids) for owner_id, dog_ids in owners if len(dog_ids) >= 2]
    return rng.sample(several, min(count, len(several)))
