"""Renewal notices (before the due date) and reminder letters (after it), streamed.

Who is chosen is ``services.notice_selection``; what each notice says and costs is
``services.notice_quotes``. Owners are read a batch at a time by name (keyset), each batch
quoted with the profile parsed once, drawn and written at once, so the memory used is the
same for a hundred owners or twenty thousand. The PDF and CSV are written to temporary
files beside the ones asked for and renamed into place only when the whole run is done: a
cancel or a failure leaves neither behind.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import BinaryIO

from sqlalchemy import insert
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import NoticeRun
from clerkdesk.models.years import NoticeSent
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.reports.notices_csv import NoticesCsv
from clerkdesk.reports.renewal_notices_pdf import NoticesPdf
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeKind, NoticeLevel
from clerkdesk.rules.late_fee_steps import growth_words
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.documents import office_heading
from clerkdesk.services.notice_days import final_words
from clerkdesk.services.notice_quotes import BatchReader, QuoteDays, first_late_day, late_words
from clerkdesk.services.notice_record import as_json
from clerkdesk.services.notice_selection import Years, counts, owner_batches
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Cancelled, Step, no_progress
from clerkdesk.services.standing import NOTICES_COUNTED
from clerkdesk.services.unlicensed_selection import as_of
from clerkdesk.whole_files import WriteFailed, partial_beside, rename_in

BATCH = 500
"""Owners read, quoted and drawn together: a few queries each, a few hundred kilobytes."""
FIRST_YEAR, LAST_YEAR = 1990, 2200


@dataclass(frozen=True)
class NoticeChoice:
    kind: NoticeKind
    year: int
    """The license year, by the calendar year it starts in, that notices are for."""
    postcards: bool = False
    owner_ids: tuple[int, ...] | None = None
    """Only these owners (those of them who are due); ``None``: every owner due."""
    level: NoticeLevel | None = None
    """First notice, reminder or final notice; ``None``: the kind's own (a renewal notice
    is the first notice, a reminder letter a reminder). A final notice is a reminder letter
    that names what follows under the bylaw."""

    @property
    def notice_level(self) -> NoticeLevel:
        if self.level is not None:
            return self.level
        return NoticeLevel.FIRST if self.kind is NoticeKind.RENEWAL else NoticeLevel.REMINDER


@dataclass(frozen=True)
class NoticeCount:
    owners: int
    dogs: int
    kennels: int


@dataclass(frozen=True)
class NoticeRunResult:
    owners: int
    dogs: int
    kennels: int
    pages: int
    pdf: Path
    csv: Path | None
    summary: tuple[str, ...] = ()
    """What did not print as asked, one line each (``NoticeSummary.lines``): owners whose
    postcard became a letter, and from which page, and any name or address cut to fit.
    Empty when every notice printed as asked."""


def _plan(profile: TownProfile, choice: NoticeChoice, on: dt.date) -> tuple[NoticeSet, QuoteDays]:
    """What the run's notices share, or why they cannot be made on ``on``."""
    if not FIRST_YEAR <= choice.year <= LAST_YEAR:
        raise ValidationError(
            f"{choice.year} is not a license year ClerkDesk can send notices for", field="year"
        )
    level = choice.notice_level
    if (level is NoticeLevel.FIRST) != (choice.kind is NoticeKind.RENEWAL):
        raise ValidationError(
            "the first notice is the renewal notice, before the due date; a reminder or "
            "final notice is a reminder letter, after it",
            field="level",
        )
    year = profile.license_year_starting_in(choice.year)
    due = profile.due_date(year)
    if on > year.end:
        raise ValidationError(
            f"license year {year.label} ended on {us_date(year.end)}: notices are for a "
            "license year that has not ended",
            field="year",
        )
    reminder = choice.kind is NoticeKind.REMINDER
    # A late fee counted from the renewal notice runs from this notice's own date.
    late = first_late_day(profile, year, None if reminder else on)
    if reminder:
        if on <= due and on < (late or due):
            raise ValidationError(
                f"reminders for {year.label} are sent after its due date, {us_date(due)}; "
                "before then, send renewal notices",
                field="kind",
            )
        days = QuoteDays(year, on, None)
    else:
        opens = year.start
        early = profile.license_year_rule.early_sale_days
        if early is not None:
            opens = year.start - dt.timedelta(days=early)
        quoted = max(on, opens)
        days = QuoteDays(year, quoted, late if late is not None and late > quoted else None)
    notices = NoticeSet(
        heading=office_heading(profile),
        reminder=reminder,
        year_label=year.label,
        year_start=year.start,
        year_end=year.end,
        due_date=due,
        late_from=late,
        late_words=late_words(profile, year),
        dated=on,
        quoted_on=days.now,
        payable_to=profile.name,
        rolling=profile.license_year_rule.rolling,
        level=level,
        growth_words=growth_words(profile, year),
        consequence=final_words(profile, year) if level is NoticeLevel.FINAL else "",
    )
    return notices, days


def _years(profile: TownProfile, choice: NoticeChoice, on: dt.date) -> Years:
    year = profile.license_year_starting_in(choice.year)
    reminder_on = on if choice.kind is NoticeKind.REMINDER else None
    previous = profile.license_year_starting_in(choice.year - 1).start
    rolling_end = year.end if profile.license_year_rule.rolling else None
    # A reminder reaches exactly the §151A list's dogs on its day.
    unlicensed = as_of(profile, on, choice.year) if reminder_on is not None else None
    return Years(year.start, previous, reminder_on, rolling_end, unlicensed)


def _count(
    session: Session, profile: TownProfile, choice: NoticeChoice, on: dt.date
) -> NoticeCount:
    owners, dogs, kennels = counts(
        session,
        _years(profile, choice, on),
        kennels=choice.kind is NoticeKind.RENEWAL,
        owner_ids=choice.owner_ids,
    )
    return NoticeCount(owners, dogs, kennels)


def notice_count(database: Database, choice: NoticeChoice, *, on: dt.date) -> NoticeCount:
    """How many owners, dogs and kennels ``choice`` would send notices to on ``on``."""
    with database.read() as session:
        profile = profile_in_force(session)
        _plan(profile, choice, on)
        return _count(session, profile, choice, on)


def iter_notices(
    session: Session, profile: TownProfile, choice: NoticeChoice, days: QuoteDays, on: dt.date
) -> Iterator[list[Notice]]:
    """The notices of ``choice`` made on ``on``, a batch of owners at a time, by name.

    Each is quoted as the counter will quote once the run is recorded: a late fee counted
    from the notice runs from this one (``on``, the date it is printed with), the owner's
    last."""
    sent_on = on if choice.kind in NOTICES_COUNTED else None
    reader = BatchReader(session, profile, days, _years(profile, choice, on), sent_on)
    kennels = choice.kind is NoticeKind.RENEWAL
    for batch in owner_batches(
        session, reader.years, kennels=kennels, owner_ids=choice.owner_ids, size=BATCH
    ):
        notices = reader.notices(batch)
        if not kennels:
            notices = [n for n in notices if n.dogs]
        yield notices


def _target(path: Path, what: str) -> Path:
    path = Path(path).expanduser()
    if not path.name or path.is_dir():
        raise ValidationError(f"the {what} must be a file, not a folder: {path}", field=what)
    if not path.parent.is_dir():
        raise ValidationError(
            f"the folder for the {what} does not exist: {path.parent}", field=what
        )
    return path


@contextlib.contextmanager
def _temporary(path: Path) -> Iterator[tuple[BinaryIO, Path]]:
    """A new file beside ``path``; removed on the way out unless renamed in the meantime."""
    try:
        with partial_beside(path) as opened:
            yield opened
    except WriteFailed as exc:
        raise ValidationError(exc.words()) from exc


def write_notices(
    database: Database,
    choice: NoticeChoice,
    *,
    pdf: Path,
    csv: Path | None,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> NoticeRunResult:
    """Write the notices of ``choice`` to ``pdf`` (and ``csv``), then record the run."""
    require(actor, Permission.MAIL_NOTICES)
    pdf = _target(pdf, "PDF")
    csv = _target(csv, "CSV") if csv is not None else None
    if csv is not None and csv.resolve() == pdf.resolve():
        raise ValidationError("the PDF and the CSV must be different files", field="CSV")
    on = clock.today()
    owners = dogs = kennels = pages = 0
    # Each notice as printed, for the record, one JSON line an owner in a temporary file:
    # the memory used stays the same for a hundred owners or twenty thousand.
    with tempfile.TemporaryFile() as spool, contextlib.ExitStack() as stack:
        pdf_stream, pdf_part = stack.enter_context(_temporary(pdf))
        csv_part: Path | None = None
        csv_text: io.TextIOWrapper | None = None
        with database.read() as session:
            profile = profile_in_force(session)
            notice_set, days = _plan(profile, choice, on)
            expected = _count(session, profile, choice, on).owners
            step(0, expected, "Choosing the owners")
            drawer = NoticesPdf(pdf_stream, notice_set, postcards=choice.postcards)
            table: NoticesCsv | None = None
            if csv is not None:
                csv_stream, csv_part = stack.enter_context(_temporary(csv))
                csv_text = io.TextIOWrapper(csv_stream, encoding="utf-8-sig", newline="")
                table = NoticesCsv(csv_text, notice_set)
            for batch in iter_notices(session, profile, choice, days, on):
                if cancelled():
                    raise Cancelled("The notices were cancelled; no file was written.")
                for notice in batch:
                    drawer.add(notice)
                    if table is not None:
                        table.add(notice)
                    total = notice.total_now
                    line = f"{notice.owner_id}\t{'' if total is None else total}\t"
                    spool.write((line + as_json(notice) + "\n").encode("utf-8"))
                    owners += 1
                    dogs += len(notice.dogs)
                    kennels += len(notice.kennels)
                step(owners, max(expected, owners), f"{owners:,} of {expected:,} owners")
        if cancelled():
            raise Cancelled("The notices were cancelled; no file was written.")
        pages = drawer.close()
        pdf_stream.flush()
        os.fsync(pdf_stream.fileno())
        if csv_text is not None:
            csv_text.flush()
            os.fsync(csv_text.fileno())
            csv_text.detach()
        _place(pdf_part, pdf)
        if csv_part is not None and csv is not None:
            _place(csv_part, csv)
        spool.seek(0)
        _record(database, choice, notice_set, spool, (owners, dogs, kennels), actor, clock)
    step(max(expected, owners), max(expected, owners), "Done")
    return NoticeRunResult(owners, dogs, kennels, pages, pdf, csv, tuple(drawer.summary.lines()))


def _record(
    database: Database,
    choice: NoticeChoice,
    notice_set: NoticeSet,
    spool: BinaryIO,
    counts: tuple[int, int, int],
    actor: Actor,
    clock: Clock,
) -> None:
    """The run and every owner it went to, in one transaction: both or neither. Each owner's
    row carries the date printed on the notice (a late fee may be counted from it), its
    level, the total it asked for and the notice as printed (``services.notice_record``)."""
    owners, dogs, kennels = counts
    with acting(database, actor, Permission.MAIL_NOTICES, clock=clock) as session:
        run = NoticeRun(
            kind=choice.kind,
            license_year_start=notice_set.year_start,
            owners=owners,
            dogs=dogs,
            kennels=kennels,
            postcards=choice.postcards,
            made_at=clock.now(),
            made_by=actor.name,
            printed=as_json(notice_set),
        )
        session.add(run)
        session.flush()
        rows: list[dict[str, object]] = []
        for line in spool:
            # JSON escapes tabs and line ends, so the first two tabs part the fields.
            owner_id, total, text = line.decode("utf-8").rstrip("\n").split("\t", 2)
            rows.append(
                {
                    "notice_run_id": run.id,
                    "owner_id": int(owner_id),
                    "license_year_start": notice_set.year_start,
                    "kind": choice.kind,
                    "sent_on": notice_set.dated,
                    "level": notice_set.level,
                    "total": Decimal(total) if total else None,
                    "printed": text,
                }
            )
            if len(rows) == BATCH:
                session.execute(insert(NoticeSent), rows)
                rows = []
        if rows:
            session.execute(insert(NoticeSent), rows)


def _place(part: Path, path: Path) -> None:
    try:
        rename_in(part, path)
    except WriteFailed as exc:
        raise ValidationError(exc.words()) from exc
