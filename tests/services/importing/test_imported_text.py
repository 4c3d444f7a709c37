"""Text is text in imported files (issue 27, item 4): a cell of the old register, a vet's
rabies list or the census with an escape sequence or a right-to-left override refuses its
row, naming the row and the column (the dry run lists it like any other refused row); a
zero-width character is dropped and Unicode made NFC, silently; a line break inside a cell
(a spreadsheet's wrapped text) is folded to a space, never kept."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from clerkdesk.models import Dog, Owner
from clerkdesk.services.importing import register
from clerkdesk.services.importing.census import census_from
from clerkdesk.services.importing.rabies_lists import (
    Outcome,
    propose_certificates,
    rabies_list_from,
)
from clerkdesk.services.importing.register_mapping import RegisterSource, preview
from register_files import small_rows, write_csv
from small_town import CLERK, Town
from vet_lists import CENSUS_HEADERS, RABIES_HEADERS

ESCAPE, RTL, ZWJ = "\x1b[31m", "\u202e", "\u200d"


def _hostile_register(path: Path) -> Path:
    """The small register with an escape in one owner's name, a right-to-left override in a
    dog's name, and a zero-width joiner, a decomposed accent and a wrapped street in the
    third row."""
    header, green, green_again, stone = small_rows()
    green = [f"Gr{ESCAPE}een", *green[1:]]
    green_again = [*green_again[:6], f"Sa{RTL}lt", *green_again[7:]]
    stone = [*stone[:2], "9 Ash\nSt", *stone[3:6], f"Bo{ZWJ}lte\u0301", *stone[7:]]
    return write_csv(path, [header, green, green_again, stone])


def test_a_register_cell_with_a_control_character_refuses_its_row_by_name(
    town: Town, tmp_path: Path
) -> None:
    # GIVEN an old register whose cells carry an escape and a right-to-left override
    source = RegisterSource(_hostile_register(tmp_path / "old.csv"))
    mapping = preview(town.database, source).mapping

    # WHEN it is run dry
    report = register.dry_run(town.database, source, mapping, clock=town.clock)

    # THEN those two rows are refused, each naming its column and the character, and the
    # report names each row as the clerk finds it, the character made visible
    refused = {row.row: row for row in report.refused}
    assert sorted(refused) == [2, 3]
    assert refused[2].why.startswith("the owner's last name holds an escape character")
    assert "(U+001B)" in refused[2].why
    assert "the dog's name holds a right-to-left or left-to-right control (U+202E)" in (
        refused[3].why
    )
    assert "\\x1b" in refused[2].what and "\x1b" not in refused[2].what
    assert "\\u202e" in refused[3].what and RTL not in refused[3].what
    # the report file holds no raw control character either
    out = tmp_path / "report.csv"
    register.write_report(report, out)
    written = out.read_text(encoding="utf-8-sig")
    assert "\x1b" not in written and RTL not in written and "\\x1b" in written

    # WHEN it is imported
    result = register.run(town.database, source, mapping, actor=CLERK, clock=town.clock)

    # THEN only the clean row comes in, its dog's name without the joiner and in NFC, its
    # wrapped street on one line
    assert result.written["dogs"] == 1 and result.report.count("refuse") == 2
    with town.database.read() as session:
        names = set(session.scalars(select(Dog.name)))
        streets = set(session.scalars(select(Owner.street)))
        owners = set(session.scalars(select(Owner.last_name)))
    assert "Bolt\u00e9" in names and not any(ZWJ in n or RTL in n for n in names)
    assert "9 Ash St" in streets
    assert not any("\x1b" in n for n in owners) and "Green" not in owners


def _vet_rows() -> list[tuple[object, ...]]:
    good = ("Doe, Jane", "12 Elm St", "Rex", "05/02/2026", "3", "26-0101", "Dr. Lee", "Elm Vet")
    return [
        (*good[:6], f"Dr. Lee{ESCAPE}", *good[7:]),
        (*good[:2], f"Re{RTL}x", *good[3:]),
        (good[0], "12 Elm\nSt", *good[2:6], f"Dr.{ZWJ} Le\u0301e", *good[7:]),
    ]


def test_a_rabies_list_cell_with_a_control_character_refuses_its_row(town: Town) -> None:
    rows = [(n, tuple(str(c) for c in row)) for n, row in enumerate(_vet_rows(), start=2)]
    listing = rabies_list_from("elm-vet.csv", RABIES_HEADERS, rows)

    found = propose_certificates(town.database, listing, actor=CLERK, today=town.clock.today())

    escaped, reversed_, clean = found.rows
    assert (escaped.outcome, escaped.row.row) == (Outcome.REFUSED, 2)
    assert escaped.reason.startswith("the veterinarian holds an escape character")
    assert "\x1b" not in escaped.row.veterinarian and "\\x1b" in escaped.row.veterinarian
    assert (reversed_.outcome, reversed_.row.row) == (Outcome.REFUSED, 3)
    assert "the dog's name holds a right-to-left or left-to-right control" in reversed_.reason
    # the clean row: the joiner dropped, the accent composed, the wrapped address one line
    assert clean.outcome is Outcome.MATCHED and clean.dog_id == town.rex
    assert clean.row.veterinarian == "Dr. L\u00e9e" and clean.row.address == "12 Elm St"
    assert [p.row.row for p in found.not_matched] == [2, 3]


def test_a_census_cell_with_a_control_character_leaves_its_row_out() -> None:
    rows = [
        (2, ("Doe", "Jane", "12", f"Elm{ESCAPE} Street", "", "2")),
        (3, (f"Sm{RTL}ith", "John", "40", "Oak St", "", "1")),
        (4, (f"Le{ZWJ}e", "Ann\u0301", "3", "Pine\nRoad", "2", "Y")),
    ]

    listing = census_from("census-2026.csv", CENSUS_HEADERS, rows, 2026)

    skipped = dict(listing.skipped)
    assert sorted(skipped) == [2, 3]
    assert skipped[2].startswith("the street holds an escape character")
    assert skipped[3].startswith("the last name holds a right-to-left or left-to-right control")
    (pine,) = listing.households
    assert pine.street == "3 Pine Road" and pine.residents == ("Lee, An\u0144",)
