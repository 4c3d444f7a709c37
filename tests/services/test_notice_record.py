"""The record of every notice sent: its level, date and total per owner, and the notice as
printed, so any notice is reprinted exactly (whatever the rules or the owner say since) and
the §151A list names the notices each owner was sent."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import select, update

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Owner
from clerkdesk.models.years import NoticeSent
from clerkdesk.rules import presets
from clerkdesk.rules.kinds import NoticeKind, NoticeLevel
from clerkdesk.rules.loading import parse_profile
from clerkdesk.services.notice_record import (
    SentNotice,
    notice_on_record,
    notices_sent_to,
    reprint_notice,
)
from clerkdesk.services.notices import NoticeChoice, _plan, iter_notices, write_notices
from clerkdesk.services.profile_source import profile_in_force
from services.notice_stress import build_stress_town
from services.notice_town import CLERK, at


def _send(database: Database, folder: Path, choice: NoticeChoice, on: dt.date) -> None:
    write_notices(
        database,
        choice,
        pdf=folder / f"{choice.kind.value}-{on.isoformat()}.pdf",
        csv=None,
        actor=CLERK,
        clock=at(on),
    )


def test_each_notice_sent_is_recorded_and_reprinted_exactly(
    database: Database, tmp_path: Path
) -> None:
    # GIVEN the stress town's renewal notices, then a final notice in the summer
    town = build_stress_town(database)
    renewal = NoticeChoice(NoticeKind.RENEWAL, town.year)
    with database.read() as session:
        profile = profile_in_force(session)
        _, days = _plan(profile, renewal, town.notice_day)
        printed = {
            n.owner_id: n
            for batch in iter_notices(session, profile, renewal, days, town.notice_day)
            for n in batch
        }
    _send(database, tmp_path, renewal, town.notice_day)
    summer = dt.date(2026, 7, 1)
    final = NoticeChoice(NoticeKind.REMINDER, town.year, level=NoticeLevel.FINAL)
    _send(database, tmp_path, final, summer)

    # THEN each owner's notices are listed with their level, date and total
    long = town.owners["long"]
    sent = notices_sent_to_ids(database, [long, town.owners["senior"], town.owners["jane"]])
    first, last = sent[long]
    assert first == SentNotice(NoticeLevel.FIRST, town.notice_day, printed[long].total_now)
    assert (last.level, last.sent_on) == (NoticeLevel.FINAL, summer)
    assert last.total is not None and last.total > first.total  # type: ignore[operator]
    assert [s.total for s in sent[town.owners["senior"]]] == [Decimal("0.00")] * 2

    # WHEN the owner's name and the town's rules change after the notice was sent
    with database.write() as session:
        session.execute(update(Owner).where(Owner.id == long).values(last_name="Changed"))
    with database.read() as session:
        row_id = session.scalar(
            select(NoticeSent.id).where(
                NoticeSent.owner_id == long, NoticeSent.level == NoticeLevel.FIRST
            )
        )
    assert row_id is not None
    # THEN the notice rebuilt from the record is the one printed, field for field
    again = notice_on_record(database, row_id, actor=CLERK)
    assert again.notice == printed[long]
    assert again.notices.dated == town.notice_day and again.notices.level is NoticeLevel.FIRST
    # AND it draws again as a PDF with the name as it was printed
    pdf = tmp_path / "again.pdf"
    reprint_notice(database, row_id, pdf, actor=CLERK, clock=at(summer))
    words = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Featherstonehaugh" in words and "Changed" not in words


def notices_sent_to_ids(database: Database, ids: list[int]) -> dict[int, list[SentNotice]]:
    with database.read() as session:
        return notices_sent_to(session, ids)


def test_a_final_notice_names_what_follows_and_a_first_notice_is_not_a_reminder(
    database: Database,
) -> None:
    town = build_stress_town(database)
    with database.read() as session:
        profile = profile_in_force(session)
        final, _ = _plan(
            profile,
            NoticeChoice(NoticeKind.REMINDER, town.year, level=NoticeLevel.FINAL),
            dt.date(2026, 7, 1),
        )
        assert final.level is NoticeLevel.FINAL and "§151A" in final.consequence
        # A town that words the consequence itself is quoted, with its citation
        own = parse_profile(
            presets.preset_toml("westborough")
            + '\n[notices]\nfinal_consequence = "A $50 fine."\ncitation = "Art. 19 §2D"\n'
        )
        final, _ = _plan(
            own,
            NoticeChoice(NoticeKind.REMINDER, town.year, level=NoticeLevel.FINAL),
            dt.date(2026, 7, 1),
        )
        assert final.consequence == "A $50 fine (Art. 19 §2D)."
        with pytest.raises(ValidationError, match="first notice is the renewal notice"):
            _plan(
                profile,
                NoticeChoice(NoticeKind.RENEWAL, town.year, level=NoticeLevel.FINAL),
                town.notice_day,
            )


def test_a_notice_recorded_before_the_amounts_were_kept_says_so(
    database: Database, tmp_path: Path
) -> None:
    town = build_stress_town(database)
    _send(database, tmp_path, NoticeChoice(NoticeKind.RENEWAL, town.year), town.notice_day)
    with database.write() as session:
        session.execute(update(NoticeSent).values(printed=None))
        row_id = session.scalar(select(NoticeSent.id).limit(1))
    assert row_id is not None
    with pytest.raises(ValidationError, match="only its date and kind are on file"):
        notice_on_record(database, row_id, actor=CLERK)
    with pytest.raises(ValidationError, match="No notice 999999 was sent"):
        notice_on_record(database, 999999, actor=CLERK)
