"""Renewal notices for 5,000 and 20,000 dogs: time and peak memory, beside ReportLab drawing
the same number of pages raw, in the same run.

Each town is a SQLite file filled in bulk with SQLAlchemy Core: owners with one to three
dogs (two on average), every dog licensed for license year 2026–27 with a rabies
certificate (one in eight ending before 2027–28 does), one dog in twenty renewed early for
2027–28 and one in fifty since died. *Ours* is ``services.notices.write_notices`` whole for
2027–28 on 02/15/2027 (the owners chosen by keyset batches, every dog quoted by the rules
engine on each date of its notice's schedule — the notice's date, then up to eight days a
late fee may change the amount and the year's last such day, four rows at most — the
letters drawn and streamed into one PDF, the CSV, the run recorded). The baseline draws the
same number of Letter pages with plain canvas calls (the same strings
at fixed places, no database, no quoting, no layout), holding the pages until ``save()``
as ReportLab does. Each figure runs in a fresh process, so its peak resident memory
(``VmHWM``) is its own; the memory figure is that peak less the process's size just
before the work began.

``python -m benchmarks.notices_bench`` runs only this and writes its section of
docs/performance.md.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from benchmarks.measure import Figure, report
from benchmarks.search_bench import write_section

SIZES = tuple(int(n) for n in os.environ.get("BENCH_NOTICE_DOGS", "5000,20000").split(","))
YEAR = 2027
LAST_START, LAST_END = dt.date(2026, 4, 1), dt.date(2027, 3, 31)
NEW_START = dt.date(2027, 4, 1)
NOTICE_DAY = dt.datetime(2027, 2, 15, 15, tzinfo=dt.UTC)
FIRST = ["Jane", "John", "Ann", "Ted", "Maria", "Luis", "Chen", "Priya", "Sam", "Olga", "Kofi"]
LAST = ["Doe", "Smith", "Lee", "Ray", "Garcia", "Nguyen", "Patel", "Kowalski", "Brown", "Silva"]
STREETS = ["Elm St", "Oak St", "Main St", "Pine Rd", "Lyman St", "Milk St", "Church St"]
DOGS = ["Rex", "Bella", "Max", "Daisy", "Fido", "Luna", "Milo", "Coco", "Shadow", "Ruby"]
BREEDS = ["Beagle", "Boxer", "Labrador Retriever", "Golden Retriever", "Mixed Breed", "Poodle"]


@dataclass(frozen=True)
class TownDog:
    name: str
    breed: str
    sex: str
    altered: bool
    expires: dt.date
    renewed: bool
    died: bool


@dataclass(frozen=True)
class TownOwner:
    first: str
    last: str
    street: str
    dogs: tuple[TownDog, ...]


def town(dogs: int, seed: int = 12) -> Iterator[TownOwner]:
    """Owners of one to three dogs each until ``dogs`` dogs are made; the same for a seed."""
    rng = random.Random(seed)
    made = 0
    while made < dogs:
        count = min(rng.randint(1, 3), dogs - made)
        made += count
        yield TownOwner(
            rng.choice(FIRST),
            f"{rng.choice(LAST)}{made % 97}",
            f"{rng.randint(1, 400)} {rng.choice(STREETS)}",
            tuple(
                TownDog(
                    rng.choice(DOGS),
                    rng.choice(BREEDS),
                    rng.choice(["male", "female"]),
                    rng.random() < 0.8,
                    dt.date(2027, 9, 1) if rng.random() < 0.125 else dt.date(2029, 5, 1),
                    rng.random() < 0.05,
                    rng.random() < 0.02,
                )
                for _ in range(count)
            ),
        )


def fill(url: str, dogs: int) -> None:
    """Westborough's rules, then the town in bulk (Core inserts, a few statements)."""
    from sqlalchemy import insert

    from clerkdesk.clock import FixedClock
    from clerkdesk.db.database import Database
    from clerkdesk.db.migrate import upgrade_to_head
    from clerkdesk.models import Dog, License, Owner, RabiesCertificate, Receipt
    from clerkdesk.rules import presets
    from clerkdesk.rules.roles import Actor, Role
    from clerkdesk.services.town import save_town_profile

    database = Database.open(url)
    upgrade_to_head(database)
    clock = FixedClock(dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC))
    save_town_profile(
        database, presets.preset_toml("westborough"), actor=Actor("bench", Role.CLERK), clock=clock
    )
    now = clock.now()
    rows: dict[str, list[dict[str, Any]]] = {k: [] for k in ("o", "r", "d", "c", "l")}
    dog_id = 0
    numbers = {LAST_START: 0, NEW_START: 0}
    for owner_id, owner in enumerate(town(dogs), start=1):
        rows["o"].append(
            dict(
                id=owner_id,
                first_name=owner.first,
                last_name=owner.last,
                street=owner.street,
                city="Westborough",
                state="MA",
                postal_code="01581",
                created_at=now,
                updated_at=now,
            )
        )
        rows["r"].append(
            dict(
                id=owner_id,
                year=2026,
                number=owner_id,
                issued_at=now,
                issued_by="bench",
                business_day=LAST_START,
                payer_owner_id=owner_id,
                payer_name=owner.first,
                total=Decimal("10.00"),
            )
        )
        for dog in owner.dogs:
            dog_id += 1
            rows["d"].append(
                dict(
                    id=dog_id,
                    owner_id=owner_id,
                    name=dog.name,
                    breed=dog.breed,
                    color="Brown",
                    sex=dog.sex,
                    altered=dog.altered,
                    birth_date=dt.date(2020, 5, 1),
                    status="deceased" if dog.died else "active",
                    created_at=now,
                    updated_at=now,
                )
            )
            rows["c"].append(
                dict(dog_id=dog_id, kind="vaccination", expires_on=dog.expires, created_at=now)
            )
            for start, held in ((LAST_START, True), (NEW_START, dog.renewed)):
                if not held:
                    continue
                numbers[start] += 1
                rows["l"].append(
                    dict(
                        number=numbers[start],
                        license_year_start=start,
                        license_year_end=start.replace(year=start.year + 1) - dt.timedelta(1),
                        license_year_label=f"{start.year}–{(start.year + 1) % 100:02d}",
                        valid_from=start,
                        valid_until=start.replace(year=start.year + 1) - dt.timedelta(1),
                        dog_id=dog_id,
                        owner_id=owner_id,
                        receipt_id=owner_id,
                        tag_number=numbers[start],
                        status="issued",
                        issued_at=now,
                        issued_by="bench",
                    )
                )
    with database.write() as session:
        for model, key in (
            (Owner, "o"),
            (Receipt, "r"),
            (Dog, "d"),
            (RabiesCertificate, "c"),
            (License, "l"),
        ):
            session.execute(insert(model), rows[key])
    with database.engine.connect() as connection:
        connection.exec_driver_sql("ANALYZE")
    database.dispose()


def _resident() -> float:
    """This process's resident memory now, in MB (Linux ``/proc``; peak where there is none)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return _peak()


def _peak() -> float:
    """This process's peak resident memory in MB: ``VmHWM`` where Linux has it, since
    ``ru_maxrss`` of a process started by another also counts the parent's size at the fork
    (the benchmark's parent has just filled a town)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024 / 1e6
    except (OSError, ValueError, IndexError):
        pass
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB elsewhere
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 1e6


def ours(url: str, folder: str) -> dict[str, float]:
    """One run of the notices, in this (fresh) process."""
    from clerkdesk.clock import FixedClock
    from clerkdesk.db.database import Database
    from clerkdesk.rules.kinds import NoticeKind
    from clerkdesk.rules.roles import Actor, Role
    from clerkdesk.services.notices import NoticeChoice, write_notices

    database = Database.open(url)
    choice = NoticeChoice(NoticeKind.RENEWAL, YEAR)
    before = _resident()
    started = time.perf_counter()
    result = write_notices(
        database,
        choice,
        pdf=Path(folder) / "notices.pdf",
        csv=Path(folder) / "notices.csv",
        actor=Actor("bench", Role.CLERK),
        clock=FixedClock(NOTICE_DAY),
    )
    seconds = time.perf_counter() - started
    database.dispose()
    return dict(
        seconds=seconds,
        grown=_peak() - before,
        pages=result.pages,
        owners=result.owners,
        dogs=result.dogs,
        size=(Path(folder) / "notices.pdf").stat().st_size / 1e6,
    )


def raw(pages: int, dogs: int) -> dict[str, float]:
    """The baseline: ``pages`` Letter pages of the same strings drawn with plain canvas
    calls at fixed places into one ReportLab canvas, saved to a file at the end."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen.canvas import Canvas

    from clerkdesk.reports.layout import FONT, FONT_BOLD

    owners = list(town(dogs))
    before = _resident()
    started = time.perf_counter()
    out = io.BytesIO()
    c = Canvas(out, pagesize=letter, pageCompression=1, invariant=1)
    for owner in owners[:pages]:
        c.setFont(FONT_BOLD, 11)
        c.drawString(54, 749, "Town of Westborough")
        c.setFont(FONT, 9)
        c.drawString(54, 737, "Office of the Town Clerk")
        c.drawRightString(558, 749, "02/15/2027")
        c.drawRightString(558, 737, "Owner no. 1")
        c.setFont(FONT, 11)
        for n, line in enumerate((f"{owner.first} {owner.last}", owner.street, "Westborough")):
            c.drawString(72, 648 - 13.5 * n, line)
        c.setFont(FONT_BOLD, 13)
        c.drawString(54, 522, "Dog license renewal notice: license year 2027–28")
        c.setFont(FONT, 10)
        c.drawString(54, 500, f"Dear {owner.first} {owner.last},")
        c.drawString(54, 487, "The license(s) below end on 03/31/2027. Licenses for 2027–28")
        c.drawString(54, 474, "(04/01/2027 to 03/31/2028) are due by 04/01/2027 (MGL c.140 §137).")
        c.setFont(FONT_BOLD, 8.5)
        for x, word in ((54, "Dog"), (148, "Described"), (295, "Last license"), (378, "Tag")):
            c.drawString(x, 446, word)
        c.drawRightString(479, 456, "Renewed by")
        c.drawRightString(479, 446, "04/01/2027")
        c.drawRightString(558, 456, "From")
        c.drawRightString(558, 446, "06/01/2027")
        c.line(54, 442, 558, 442)
        c.setFont(FONT, 9)
        y = 430.0
        for number, dog in enumerate(owner.dogs, start=1):
            c.drawString(54, y, dog.name)
            c.drawString(148, y, f"{dog.breed}, {dog.sex}")
            c.drawString(295, y, f"2026–27 no. {number}")
            c.drawString(378, y, str(number))
            c.drawRightString(479, y, "$10.00")
            c.drawRightString(558, y, "$14.00")
            y -= 14
        c.drawString(54, y, "Total")
        c.drawRightString(479, y, "$20.00")
        c.drawRightString(558, y, "$28.00")
        c.drawString(54, y - 20, "From 06/01/2027 a late fee is added (Art. 19 §2C).")
        c.setFont(FONT_BOLD, 10)
        c.drawString(54, y - 46, "How to renew")
        c.setFont(FONT, 9)
        c.drawString(54, y - 58, "In person: bring this notice to the Office of the Town Clerk.")
        c.drawString(54, y - 70, "By mail: send this notice with a check payable to the town.")
        c.setFont(FONT, 7.5)
        c.drawString(54, 36, "Town of Westborough, Office of the Town Clerk")
        c.showPage()
    c.save()
    with tempfile.NamedTemporaryFile(suffix=".pdf") as target:
        target.write(out.getvalue())
        target.flush()
        size = len(out.getvalue()) / 1e6
    seconds = time.perf_counter() - started
    return dict(seconds=seconds, grown=_peak() - before, size=size)


def _child(*args: str) -> dict[str, float]:
    """Run this module in a new process so each figure's peak memory is its own."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.notices_bench", *args],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def notice_figures() -> tuple[list[Figure], list[str]]:
    figures: list[Figure] = []
    notes: list[str] = []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    for dogs in SIZES:
        with tempfile.TemporaryDirectory(prefix="clerkdesk-notices-bench-") as tmp:
            url = f"sqlite:///{Path(tmp) / 'town.sqlite'}"
            fill(url, dogs)
            out = Path(tmp) / "out"
            out.mkdir()
            mine = _child("ours", url, str(out))
            base = _child("raw", str(int(mine["pages"])), str(dogs))
        figures.append(
            Figure(
                f"renewal notices, {dogs:,} dogs (time)",
                mine["seconds"],
                f"raw canvas, {int(mine['pages']):,} pages",
                base["seconds"],
                "s",
                "<= 60 s",
            )
        )
        figures.append(
            Figure(
                f"renewal notices, {dogs:,} dogs (peak memory)",
                mine["grown"],
                f"raw canvas, {int(mine['pages']):,} pages",
                base["grown"],
                "MB",
                "flat in the count",
            )
        )
        notes.append(
            f"{dogs:,} dogs: {int(mine['owners']):,} owners, {int(mine['dogs']):,} dogs due, "
            f"{int(mine['pages']):,} pages, PDF {mine['size']:.1f} MB (raw canvas "
            f"{base['size']:.1f} MB)."
        )
    if load is not None:
        # Times on a shared machine are the machine's as much as ours: said beside them.
        notes.append(f"Load average when the run began: {load:.1f} on {os.cpu_count()} cores.")
    return figures, notes


def section(figures: list[Figure], notes: list[str]) -> str:
    lines = [
        "## Renewal notices",
        "",
        f"`make bench` on {platform.machine()} ({os.cpu_count()} cores), Python "
        f"{platform.python_version()}, SQLite. Renewal notices for license year 2027–28 made on "
        "02/15/2027 in a town filled in bulk (`benchmarks/notices_bench.py`): owners with one to "
        "three dogs, every dog licensed for 2026–27, one in twenty renewed early and one in "
        "fifty since died. *Ours* is `services.notices.write_notices` whole (owners chosen in "
        "keyset batches of 500, each dog quoted by the rules engine on each date of its "
        "notice's schedule — the notice's date, then up to eight days a late fee may change "
        "the amount and the year's last such day, four rows at most, no day quoted twice — "
        "letters drawn a "
        "few hundred pages at a time and streamed into one "
        "PDF, the mail-house CSV, the run recorded). The baseline draws the same number of "
        "Letter pages with plain canvas calls (the same strings at fixed places; no database, "
        "no quoting, no layout) into one ReportLab canvas, which holds every page until it "
        "saves. Each runs in a fresh process; *peak memory* is the process's peak resident "
        "size less its size just before the work began. Targets: 20,000 dogs in ≤ 60 s, and "
        "memory flat in the count.",
        "",
        "| figure | ours | baseline | baseline figure | ratio | target |",
        "|---|---:|---:|---|---:|---|",
    ]
    for f in figures:
        lines.append(
            f"| {f.name} | {f.value:.1f} {f.unit} | {f.baseline:.1f} {f.unit} | "
            f"{f.baseline_name} | {f.ratio:.2f} | {f.target} |"
        )
    lines += ["", *notes] if notes else []
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if argv[:1] == ["ours"]:
        sys.stdout.write(json.dumps(ours(argv[1], argv[2])) + "\n")
        return 0
    if argv[:1] == ["raw"]:
        sys.stdout.write(json.dumps(raw(int(argv[1]), int(argv[2]))) + "\n")
        return 0
    figures, notes = notice_figures()
    for figure in figures:
        report(figure)
    for note in notes:
        sys.stdout.write(note + "\n")
    write_section(section(figures, notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
