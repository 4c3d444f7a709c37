"""Whom each notice went to, and a late fee counted from it.

A run of renewal notices or reminder letters records one row per owner it went to, dated as
the notice is printed, in the run's own transaction. A late fee ``counted_from = "notice"``
runs from the last of them for the owner and year: the counter (a dog's standing, the
owner's card, checkout) charges it only to an owner sent a notice more than ``after_days``
days before, never to one sent none; a notice dated after the day quoted does not count.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.database import Database
from clerkdesk.models import NoticeRun, ReceiptLine
from clerkdesk.models.years import NoticeSent
from clerkdesk.reports.notice_data import Notice
from clerkdesk.rules import presets
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services import licensing
from clerkdesk.services.notice_quotes import BatchReader, QuoteDays, first_late_day
from clerkdesk.services.notice_selection import Years
from clerkdesk.services.notices import NoticeChoice, NoticeRunResult, iter_notices, write_notices
from clerkdesk.services.owner_card import owner_card
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.standing import dog_standing, notices_sent_on
from clerkdesk.services.town import save_town_profile
from services.notice_town import CLERK, NoticeTown, at, build_town
from small_town import check

# The worked example of docs/town-profiles.md ("A late fee counted from the renewal notice").
NOTICE_FEE = """
[[schedules.late_fees]]
kind = "flat"
counted_from = "notice"
after_days = 30
amount = 10.00
citation = "Art. 9 §6"
"""
TEN = Decimal("10.00")


def notice_fee_town(database: Database) -> NoticeTown:
    """Fairhaven (no late fee of its own; license year 2026 from 01/01/2026, due that day)
    with the notice's late fee added. Its notice day is 12/02/2025."""
    town = build_town(database, "fairhaven")
    rules = presets.preset_toml("fairhaven") + NOTICE_FEE
    save_town_profile(database, rules, actor=CLERK, clock=town.clock)
    assert town.notice_day == dt.date(2025, 12, 2)
    return town


def send(
    town: NoticeTown, folder: Path, kind: NoticeKind, on: dt.date, **changes: object
) -> NoticeRunResult:
    return write_notices(
        town.database,
        NoticeChoice(kind, town.year, **changes),  # type: ignore[arg-type]
        pdf=folder / f"{kind.value}-{on.isoformat()}.pdf",
        csv=None,
        actor=CLERK,
        clock=at(on),
    )


def sent_rows(database: Database) -> list[tuple[int, NoticeKind, dt.date, dt.date, int]]:
    with database.read() as session:
        rows = session.execute(
            select(
                NoticeSent.owner_id,
                NoticeSent.kind,
                NoticeSent.license_year_start,
                NoticeSent.sent_on,
                NoticeSent.notice_run_id,
            ).order_by(NoticeSent.id)
        )
        return [tuple(row) for row in rows]  # type: ignore[misc]


def late_fees(town: NoticeTown, dog: str, on: dt.date, year: int | None = None) -> list[str]:
    """The late fee lines of the dog's quote at the counter on ``on``."""
    with town.database.read() as session:
        profile = profile_in_force(session)
        standing = dog_standing(session, profile, town.dogs[dog], on, license_year=year)
    assert standing.quote is not None, standing.blockers
    return [
        f"{line.amount} {line.description}"
        for line in standing.quote.lines
        if line.code == "late_fee"
    ]


def card_late_fees(town: NoticeTown, owner: str, on: dt.date) -> dict[str, Decimal]:
    card = owner_card(town.database, town.owners[owner], on)
    found: dict[str, Decimal] = {}
    for dog in card.dogs:
        assert dog.standing.quote is not None, dog.standing.blockers
        found[dog.name] = sum(
            (line.amount for line in dog.standing.quote.lines if line.code == "late_fee"),
            Decimal("0.00"),
        )
    return found


def test_a_run_records_each_owner_it_went_to_with_the_date_printed(
    database: Database, tmp_path: Path
) -> None:
    town = build_town(database, "westborough")
    start = dt.date(2026, 4, 1)
    jane, ted, kay = (town.owners[k] for k in ("jane", "ted", "kay"))

    # WHEN renewal notices are made on 03/02/2026
    renewal = send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day)

    # THEN each owner noticed has one row dated as the notice is printed; Kay's notice, for
    # her kennel alone, is addressed to her as its keeper, so she has one too
    printed = "\n".join(page.extract_text() for page in PdfReader(renewal.pdf).pages)
    assert us_date(town.notice_day) in printed
    rows = sent_rows(database)
    with database.read() as session:
        run_id = session.scalars(select(NoticeRun.id)).one()
    assert sorted(rows) == sorted(
        (owner, NoticeKind.RENEWAL, start, town.notice_day, run_id) for owner in (jane, ted, kay)
    )

    # WHEN reminder letters are made on 07/15/2026: for dogs, so not to Kay
    reminder_day = dt.date(2026, 7, 15)
    send(town, tmp_path, NoticeKind.REMINDER, reminder_day)

    # THEN Jane, Ted and the owners of the §151A list's other dogs (Ann's Coco, whose license
    # was voided, and Sam's Rusty, last licensed two years ago) have a reminder row each, of
    # the second run; the runs count as before
    ann, sam = town.owners["ann"], town.owners["sam"]
    with database.read() as session:
        runs = session.execute(
            select(NoticeRun.id, NoticeRun.kind, NoticeRun.owners).order_by(NoticeRun.id)
        ).all()
    assert [(kind, owners) for _, kind, owners in runs] == [
        (NoticeKind.RENEWAL, 3),
        (NoticeKind.REMINDER, 4),
    ]
    reminders = sent_rows(database)[3:]
    assert sorted(reminders) == sorted(
        (owner, NoticeKind.REMINDER, start, reminder_day, runs[1].id)
        for owner in (jane, ted, ann, sam)
    )


def test_a_run_whose_owners_cannot_be_recorded_is_not_recorded(
    database: Database, tmp_path: Path
) -> None:
    # GIVEN a database where the owners of a run cannot be written (their table is gone)
    town = build_town(database, "westborough")
    with database.engine.begin() as connection:
        connection.execute(text("DROP TABLE notice_sent"))

    # WHEN notices are made
    with pytest.raises(DBAPIError):
        send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day)

    # THEN the run is not recorded either: both or neither
    with database.read() as session:
        assert session.scalars(select(NoticeRun)).all() == []


def test_the_counter_charges_the_notice_fee_only_after_the_owners_notice(
    database: Database, tmp_path: Path
) -> None:
    town = notice_fee_town(database)
    # GIVEN renewal notices on 12/02/2025 to Jane alone: Ted is due too, but was sent none
    send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day, owner_ids=(town.owners["jane"],))
    jan_1, jan_2 = dt.date(2026, 1, 1), dt.date(2026, 1, 2)

    # THEN thirty days after the notice nobody owes the fee
    assert late_fees(town, "Rex", jan_1) == []
    assert card_late_fees(town, "jane", jan_1) == {"Bella": 0, "Rex": 0}

    # the day after, Jane's dogs owe it, at the counter and on her card, and Ted's Fido not
    assert late_fees(town, "Rex", jan_2) == [
        "10.00 Late fee: $10.00 for a license issued more than 30 days after the renewal "
        "notice of 12/02/2025 (from 01/02/2026)"
    ]
    assert card_late_fees(town, "jane", jan_2) == {"Bella": TEN, "Rex": TEN}
    assert late_fees(town, "Fido", jan_2) == []
    assert card_late_fees(town, "ted", jan_2) == {"Fido": 0}

    # and checkout charges exactly that: Bella $10 and the fee, Fido $10 alone
    bella = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            town.owners["jane"], (licensing.LicenseItem(town.dogs["Bella"]),), (check(),)
        ),
        actor=CLERK,
        clock=at(jan_2),
    )
    fido = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            town.owners["ted"], (licensing.LicenseItem(town.dogs["Fido"]),), (check(),)
        ),
        actor=CLERK,
        clock=at(jan_2),
    )
    assert (bella.total, fido.total) == (Decimal("20.00"), TEN)
    with database.read() as session:
        charged = session.execute(
            select(ReceiptLine.code, ReceiptLine.amount).where(
                ReceiptLine.receipt_id == bella.receipt_id
            )
        ).all()
    assert sorted(charged) == [("dog_license", TEN), ("late_fee", TEN)]


def test_the_last_notice_on_or_before_the_day_quoted_counts(
    database: Database, tmp_path: Path
) -> None:
    town = notice_fee_town(database)
    jane = (town.owners["jane"],)
    # GIVEN Jane sent a renewal notice on 12/02/2025 and another on 12/20/2025
    send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day, owner_ids=jane)
    send(town, tmp_path, NoticeKind.RENEWAL, dt.date(2025, 12, 20), owner_ids=jane)

    # THEN a quote for a day between the two counts from the first only (the second is not
    # sent yet on that day)
    assert late_fees(town, "Rex", dt.date(2025, 12, 10), year=2026) == []
    with database.read() as session:
        found = notices_sent_on(
            session, [*jane, town.owners["ted"]], dt.date(2026, 1, 1), dt.date(2025, 12, 10)
        )
    assert found == {town.owners["jane"]: dt.date(2025, 12, 2)}

    # and after both, from the last: not late on 01/19/2026, late from 01/20/2026
    assert late_fees(town, "Rex", dt.date(2026, 1, 2)) == []
    assert late_fees(town, "Rex", dt.date(2026, 1, 19)) == []
    assert [line.split(" (")[0] for line in late_fees(town, "Rex", dt.date(2026, 1, 20))] == [
        "10.00 Late fee: $10.00 for a license issued more than 30 days after the renewal "
        "notice of 12/20/2025"
    ]


def _letters(town: NoticeTown, kind: NoticeKind, on: dt.date) -> list[Notice]:
    from clerkdesk.services.notices import _plan

    choice = NoticeChoice(kind, town.year)
    with town.database.read() as session:
        profile = profile_in_force(session)
        _, days = _plan(profile, choice, on)
        return [n for batch in iter_notices(session, profile, choice, days, on) for n in batch]


def test_a_reminder_letter_says_what_the_counter_charges_and_restarts_nothing(
    database: Database, tmp_path: Path
) -> None:
    town = notice_fee_town(database)
    # GIVEN renewal notices to everyone due on 12/02/2025, and 01/10/2026, past the due date
    send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day)
    jan_10 = dt.date(2026, 1, 10)
    assert card_late_fees(town, "jane", jan_10) == {"Bella": TEN, "Rex": TEN}

    # WHEN reminder letters are made that day
    letters = _letters(town, NoticeKind.REMINDER, jan_10)
    send(town, tmp_path, NoticeKind.REMINDER, jan_10)

    # THEN the fee still counts from the renewal notice (a reminder does not start the count
    # again: docs/town-profiles.md), and each letter's amount is what the counter charges
    # (Ann's and Sam's dogs, unlicensed since before last year, are the §151A list's too.)
    owners = {town.owners[k] for k in ("jane", "ted", "ann", "sam")}
    assert {n.owner_id for n in letters} == owners
    with database.read() as session:
        profile = profile_in_force(session)
        for letter in letters:
            for dog in letter.dogs:
                standing = dog_standing(session, profile, dog.dog_id, jan_10)
                assert standing.quote is not None
                assert dog.amount_now == standing.quote.total
    assert card_late_fees(town, "jane", jan_10) == {"Bella": TEN, "Rex": TEN}


def test_a_batch_quotes_each_owner_from_their_recorded_notice(
    database: Database, tmp_path: Path
) -> None:
    town = notice_fee_town(database)
    # GIVEN a renewal notice to Jane alone on 12/02/2025
    send(town, tmp_path, NoticeKind.RENEWAL, town.notice_day, owner_ids=(town.owners["jane"],))
    jan_10 = dt.date(2026, 1, 10)

    # WHEN a batch of Jane and Ted is quoted on 01/10/2026 from the notices on record
    with database.read() as session:
        profile = profile_in_force(session)
        year = profile.license_year_starting_in(town.year)
        years = Years(year.start, profile.license_year_starting_in(town.year - 1).start, jan_10)
        reader = BatchReader(session, profile, QuoteDays(year, jan_10, None), years)
        letters = reader.notices([town.owners["jane"], town.owners["ted"]])
        counter = {
            dog.dog_id: dog_standing(session, profile, dog.dog_id, jan_10)
            for letter in letters
            for dog in letter.dogs
        }

    # THEN Jane's dogs carry the fee from her notice, Ted's not: one amount with the counter's
    amounts = {dog.name: dog.amount_now for letter in letters for dog in letter.dogs}
    assert amounts == {"Bella": Decimal("20.00"), "Rex": Decimal("25.00"), "Fido": TEN}
    for letter in letters:
        for dog in letter.dogs:
            quote = counter[dog.dog_id].quote
            assert quote is not None and dog.amount_now == quote.total


def test_a_renewal_notice_says_the_fee_runs_from_its_own_date(database: Database) -> None:
    town = notice_fee_town(database)
    with database.read() as session:
        profile = profile_in_force(session)
    year = profile.license_year_starting_in(town.year)
    # 30 days from the notice, then late: the notice's "From …" line names day 31.
    expected = town.notice_day + dt.timedelta(days=31)
    assert first_late_day(profile, year, town.notice_day) == expected
    assert first_late_day(profile, year) is None  # a reminder has no notice date of its own
