"""Renewal notices and reminder letters: exactly the owners due, each owner's dogs on one
notice, amounts as the counter quotes them, files written whole or not at all."""

from __future__ import annotations

import csv
import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from actors import staff
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import NoticeRun
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.rules.roles import Role
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.kennel_licensing import kennel_standing
from clerkdesk.services.notice_quotes import QuoteDays
from clerkdesk.services.notices import (
    NoticeChoice,
    iter_notices,
    notice_count,
    write_notices,
)
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Cancelled
from clerkdesk.services.standing import dog_standing
from many_dogs import LONG_NAME, add_owner_with_dogs
from services.notice_town import CLERK, NoticeTown, at, build_town

PRESETS = ["westborough", "fairhaven", "sample-city"]


@pytest.fixture(params=PRESETS)
def notice_town(request: pytest.FixtureRequest, database: Database) -> NoticeTown:
    return build_town(database, request.param)


def _renewal(town: NoticeTown, **changes: object) -> NoticeChoice:
    return NoticeChoice(NoticeKind.RENEWAL, town.year, **changes)  # type: ignore[arg-type]


def _notices(town: NoticeTown, choice: NoticeChoice, on: dt.date) -> list:  # type: ignore[type-arg]
    from clerkdesk.services.notices import _plan

    with town.database.read() as session:
        profile = profile_in_force(session)
        _, days = _plan(profile, choice, on)
        return [n for batch in iter_notices(session, profile, choice, days, on) for n in batch]


def test_renewal_chooses_exactly_the_holders_not_renewed(notice_town: NoticeTown) -> None:
    town = notice_town
    notices = _notices(town, _renewal(town), town.notice_day)
    by_owner = {n.owner_id: n for n in notices}
    # Jane's two dogs on one notice; Ted's Fido; Kay's kennel alone. Nobody else.
    assert set(by_owner) == {town.owners["jane"], town.owners["ted"], town.owners["kay"]}
    jane = by_owner[town.owners["jane"]]
    assert [d.name for d in jane.dogs] == ["Bella", "Rex"]
    assert jane.kennels == ()
    kay = by_owner[town.owners["kay"]]
    assert kay.dogs == () and [k.name for k in kay.kennels] == ["Maple Hill Kennel"]
    assert kay.kennels[0].last_license.endswith("-K001")
    # The P.O. box, not the house, for Ted.
    assert by_owner[town.owners["ted"]].address == ("PO Box 12", "Northborough, MA 01532")
    count = notice_count(town.database, _renewal(town), on=town.notice_day)
    assert (count.owners, count.dogs, count.kennels) == (3, 3, 1)


def test_the_rabies_note_where_the_certificate_ends_before_the_year(
    notice_town: NoticeTown,
) -> None:
    town = notice_town
    jane = next(
        n
        for n in _notices(town, _renewal(town), town.notice_day)
        if n.owner_id == town.owners["jane"]
    )
    notes = {d.name: d.rabies_note for d in jane.dogs}
    assert notes["Bella"] is None
    assert notes["Rex"] is not None
    assert "Bring a current rabies certificate" in notes["Rex"]
    assert "06/01/2026" in notes["Rex"]


def test_amounts_match_the_counter_before_and_after_the_due_date(notice_town: NoticeTown) -> None:
    town = notice_town
    notices = _notices(town, _renewal(town), town.notice_day)
    with town.database.read() as session:
        profile = profile_in_force(session)
        from clerkdesk.services.notices import _plan

        notice_set, days = _plan(profile, _renewal(town), town.notice_day)
        assert days.now == town.notice_day
        for notice in notices:
            for dog in notice.dogs:
                now = dog_standing(session, profile, dog.dog_id, days.now, license_year=town.year)
                assert now.quote is not None
                assert dog.amount_now == now.quote.total
                if days.late is None:
                    assert dog.amount_late is None
                    continue
                late = dog_standing(session, profile, dog.dog_id, days.late, license_year=town.year)
                assert late.quote is not None
                assert dog.amount_late == late.quote.total
                assert dog.amount_late > dog.amount_now
    # A kennel is quoted as the counter's kennel sale quotes it: on its maximum of 10 dogs,
    # not on the 3 counted last year (Westborough: 36.50, not 15.00).
    kennels = [k for n in notices for k in n.kennels]
    assert kennels
    for kennel in kennels:
        counter = kennel_standing(
            town.database, kennel.kennel_id, on=days.now, license_year=town.year
        )
        assert counter.quote is not None
        assert kennel.amount_now == counter.quote.total
        assert kennel.max_dogs == counter.max_dogs == 10
    if town.preset == "westborough":
        assert kennels[0].amount_now == Decimal("36.50")
    if town.preset == "fairhaven":
        assert notice_set.late_from is None  # Fairhaven's bylaw sets no late fee
    else:
        assert notice_set.late_from is not None and days.late == notice_set.late_from


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Where the notices go, apart from the database file."""
    made = tmp_path / "out"
    made.mkdir()
    return made


def _run(town: NoticeTown, folder: Path, **changes: object) -> tuple[Path, Path]:
    pdf, table = folder / "notices.pdf", folder / "notices.csv"
    result = write_notices(
        town.database,
        _renewal(town, **changes),
        pdf=pdf,
        csv=table,
        actor=CLERK,
        clock=town.clock,
    )
    assert (result.owners, result.dogs, result.kennels) == (3, 3, 1)
    return pdf, table


@pytest.mark.parametrize("postcards", [False, True])
def test_the_pdf_and_csv_read_back(database: Database, folder: Path, postcards: bool) -> None:
    town = build_town(database, "westborough")
    pdf, table = _run(town, folder, postcards=postcards)
    reader = PdfReader(pdf)
    assert len(reader.pages) == (1 if postcards else 3)
    text = "\n".join(page.extract_text() for page in reader.pages)
    for words in ("Jane Doe", "Rex", "Bella", "PO Box 12", "Maple Hill Kennel", "Kay Hill"):
        assert words in text
    assert "John Smith" not in text and "Buddy" not in text
    # Rex now, and from 06/01/2026 (a card gives Jane's total on each day instead: $33.00)
    assert ("$15.00" in text) and (("$33.00" if postcards else "$19.00") in text)
    assert "06/01/2026" in text
    with table.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [r["name"] for r in rows] == ["Jane Doe", "Kay Hill", "Ted Ray"]
    jane = rows[0]
    assert jane["dogs"].startswith("Bella (tag ") and "Rex (tag " in jane["dogs"]
    assert jane["amount_now"] == "25.00" and jane["amount_late"] == "33.00"
    assert jane["due_date"] == "2026-04-01" and jane["late_from"] == "2026-06-01"
    assert jane["bring_rabies_certificate"] == "Rex"
    with database.read() as session:
        runs = session.query(NoticeRun).all()
        assert [(r.kind, r.owners, r.dogs, r.kennels, r.postcards) for r in runs] == [
            (NoticeKind.RENEWAL, 3, 3, 1, postcards)
        ]
    assert sorted(p.name for p in folder.iterdir()) == ["notices.csv", "notices.pdf"]


def test_a_cancel_leaves_no_file_and_no_run(database: Database, folder: Path) -> None:
    town = build_town(database, "westborough")
    with pytest.raises(Cancelled):
        write_notices(
            database,
            _renewal(town),
            pdf=folder / "n.pdf",
            csv=folder / "n.csv",
            actor=CLERK,
            clock=town.clock,
            cancelled=lambda: True,
        )
    assert list(folder.iterdir()) == []
    with database.read() as session:
        assert session.query(NoticeRun).count() == 0


def test_a_failure_while_writing_leaves_no_file(database: Database, folder: Path) -> None:
    town = build_town(database, "westborough")
    (folder / "n.pdf").write_bytes(b"the old file")

    def broken(done: int, total: int, words: str) -> None:
        if done:
            raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError):
        write_notices(
            database,
            _renewal(town),
            pdf=folder / "n.pdf",
            csv=None,
            actor=CLERK,
            clock=town.clock,
            step=broken,
        )
    assert [p.name for p in folder.iterdir()] == ["n.pdf"]
    assert (folder / "n.pdf").read_bytes() == b"the old file"


def test_only_staff_who_mail_notices(database: Database, folder: Path) -> None:
    town = build_town(database, "westborough")
    with pytest.raises(PermissionDenied):
        write_notices(
            database,
            _renewal(town),
            pdf=folder / "n.pdf",
            csv=None,
            actor=staff("aco", Role.ANIMAL_CONTROL),
            clock=town.clock,
        )
    assert list(folder.iterdir()) == []


def test_a_choice_of_owners(database: Database) -> None:
    town = build_town(database, "westborough")
    choice = _renewal(town, owner_ids=(town.owners["ted"], town.owners["john"]))
    assert notice_count(database, choice, on=town.notice_day).owners == 1
    assert [n.owner_id for n in _notices(town, choice, town.notice_day)] == [town.owners["ted"]]


def test_reminders_after_the_due_date_with_late_fees_today(database: Database) -> None:
    town = build_town(database, "westborough")
    early = NoticeChoice(NoticeKind.REMINDER, town.year)
    with pytest.raises(ValidationError, match="after its due date"):
        notice_count(database, early, on=town.notice_day)
    # GIVEN July 15, 2026: six weeks of Westborough's weekly late fee from June 1
    today = dt.date(2026, 7, 15)
    notices = _notices(town, early, today)
    # The §151A list's owners that day: Jane and Ted, and Ann (Coco's license was voided) and
    # Sam (Rusty last licensed two years ago)
    owners = {town.owners[k] for k in ("jane", "ted", "ann", "sam")}
    assert {n.owner_id for n in notices} == owners
    assert all(n.kennels == () for n in notices)
    with database.read() as session:
        profile = profile_in_force(session)
        for notice in notices:
            for dog in notice.dogs:
                standing = dog_standing(session, profile, dog.dog_id, today)
                assert standing.quote is not None
                assert dog.amount_now == standing.quote.total
                assert dog.amount_late is None
    fido = next(n for n in notices if n.owner_id == town.owners["ted"]).dogs[0]
    assert str(fido.amount_now) == "20.00"  # $10 + $3 base + 7 weeks or part at $1


def test_a_year_that_has_ended_is_refused(database: Database) -> None:
    town = build_town(database, "westborough")
    with pytest.raises(ValidationError, match="ended on 03/31/2025"):
        notice_count(database, NoticeChoice(NoticeKind.RENEWAL, 2024), on=town.notice_day)
    with pytest.raises(ValidationError, match="not a license year"):
        notice_count(database, NoticeChoice(NoticeKind.RENEWAL, 20265), on=town.notice_day)


def test_quote_days_wait_for_the_early_sale(database: Database) -> None:
    town = build_town(database, "westborough")
    from clerkdesk.services.notices import _plan

    with database.read() as session:
        profile = profile_in_force(session)
        # Mailed in December, before the early sale opens on 01/31/2026: quoted for then.
        notice_set, days = _plan(profile, _renewal(town), dt.date(2025, 12, 1))
    assert days == QuoteDays(days.year, dt.date(2026, 1, 31), dt.date(2026, 6, 1))
    assert notice_set.dated == dt.date(2025, 12, 1)
    assert at(dt.date(2025, 12, 1)).today() == dt.date(2025, 12, 1)


def test_the_run_result_says_what_did_not_print_as_asked(
    database: Database, tmp_path: Path
) -> None:
    town = build_town(database, "westborough")
    # GIVEN an owner of twelve dogs licensed last year: no postcard lists them all
    with database.read() as session:
        last = profile_in_force(session).license_year_starting_in(town.year - 1)
    owner = add_owner_with_dogs(database, last.start + dt.timedelta(days=10))
    # WHEN the renewal notices are written as letters, then as postcards
    letters = write_notices(
        database, _renewal(town), pdf=tmp_path / "l.pdf", csv=None, actor=CLERK,
        clock=town.clock,
    )  # fmt: skip
    cards = write_notices(
        database, _renewal(town, postcards=True), pdf=tmp_path / "c.pdf", csv=None,
        actor=CLERK, clock=town.clock,
    )  # fmt: skip
    # THEN the letters printed as asked; the postcards' run names the owner sent a letter,
    # and the page the letters start on (after the card sheets)
    assert letters.summary == ()
    first, second = cards.summary
    assert first.startswith("1 owner's notice does not fit a postcard")
    assert "(from page 2)" in first
    assert LONG_NAME[1] in PdfReader(cards.pdf).pages[1].extract_text()
    assert second == f"  Owner no. {owner}, {' '.join(LONG_NAME)}: 12 licenses do not fit on a card"
