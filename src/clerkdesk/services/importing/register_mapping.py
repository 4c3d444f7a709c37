"""Which column of the old register's file holds what: the file's headers and first rows to
show, the mapping guessed from them, and the mapping the office confirmed, saved once per
header row (an office ``Setting``) and offered again for the next file of the same shape.

A register is one sheet of dogs with their owners on each row, or a dogs sheet and an
owners sheet joined by an owner number; the mapping then names owner columns of either.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting
from clerkdesk.rules.register_columns import (
    BY_KEY,
    FIELD_KEYS,
    OWNER_KEYS,
    guess_mapping,
    header_signature,
    missing_fields,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.importing.sheets import Sheet, is_workbook, read_sheet, sheet_names

SETTING_PREFIX = "register_columns."
SAMPLE_ROWS = 5


@dataclass(frozen=True)
class RegisterSource:
    """The file, its dogs sheet (the first with rows when not named) and, when owners are
    kept on a sheet of their own, that sheet."""

    path: Path
    sheet: str | None = None
    owners_sheet: str | None = None


@dataclass(frozen=True)
class RegisterPreview:
    """What the mapping step shows: the sheets, each column with its first values, the
    guessed mapping and the one saved for this header row (None when there is none)."""

    sheets: tuple[str, ...]
    headers: tuple[str, ...]
    samples: tuple[tuple[str, ...], ...]
    owner_headers: tuple[str, ...]
    owner_samples: tuple[tuple[str, ...], ...]
    guessed: Mapping[str, str]
    saved: Mapping[str, str] | None
    signature: str
    rows: int

    @property
    def mapping(self) -> Mapping[str, str]:
        """The mapping to start from: the saved one, else the guess."""
        return self.saved if self.saved is not None else self.guessed


@dataclass(frozen=True)
class SourceSheets:
    dogs: Sheet
    owners: Sheet | None


def open_source(source: RegisterSource) -> SourceSheets:
    dogs = read_sheet(source.path, source.sheet)
    owners = None
    if source.owners_sheet is not None:
        owners = read_sheet(source.path, source.owners_sheet)
        if owners.name == dogs.name:
            raise ValidationError("the owners sheet and the dogs sheet are the same sheet")
    return SourceSheets(dogs, owners)


def signature_of(sheets: SourceSheets) -> str:
    headers = list(sheets.dogs.headers)
    if sheets.owners is not None:
        headers += ["\x1e", *sheets.owners.headers]
    return header_signature(headers)


def _setting_key(signature: str) -> str:
    return SETTING_PREFIX + signature


def saved_mapping(database: Database, signature: str) -> dict[str, str] | None:
    with database.read() as session:
        setting = session.get(Setting, _setting_key(signature))
    if setting is None:
        return None
    try:
        stored = json.loads(setting.value)
        mapping = stored["mapping"]
    except (ValueError, KeyError, TypeError):
        return None  # a damaged setting is no choice: the guess is shown instead
    if not isinstance(mapping, dict):
        return None
    return {str(k): str(v) for k, v in mapping.items() if k in BY_KEY}


def preview(
    database: Database, source: RegisterSource, sheets: SourceSheets | None = None
) -> RegisterPreview:
    """The mapping step's view of ``source`` (``sheets``: the file as already read by
    ``open_source``, so that a large workbook is read once for the preview, the dry run and
    the import)."""
    sheets = sheets if sheets is not None else open_source(source)
    dogs, owners = sheets.dogs, sheets.owners
    headers = list(dogs.headers) + (list(owners.headers) if owners is not None else [])
    signature = signature_of(sheets)
    return RegisterPreview(
        sheets=tuple(sheet_names(source.path)) if is_workbook(source.path) else (dogs.name,),
        headers=dogs.headers,
        samples=tuple(row.cells for row in dogs.rows[:SAMPLE_ROWS]),
        owner_headers=owners.headers if owners is not None else (),
        owner_samples=tuple(row.cells for row in owners.rows[:SAMPLE_ROWS]) if owners else (),
        guessed=guess_mapping(headers),
        saved=saved_mapping(database, signature),
        signature=signature,
        rows=len(dogs.rows),
    )


def check_mapping(mapping: Mapping[str, str], sheets: SourceSheets) -> dict[str, str]:
    """The mapping with every field known and every header in the file, and enough fields to
    import; ValidationError in one line otherwise."""
    known = set(sheets.dogs.headers) | set(sheets.owners.headers if sheets.owners else ())
    checked: dict[str, str] = {}
    for key, header in mapping.items():
        if key not in BY_KEY:
            raise ValidationError(
                f"no field {key!r} to map; the fields are: {', '.join(FIELD_KEYS)}",
                field="mapping",
            )
        if header not in known:
            named = {h.casefold(): h for h in known}.get(header.strip().casefold())
            if named is None:
                raise ValidationError(
                    f"the file has no column {header!r} (for {BY_KEY[key].words})",
                    field="mapping",
                )
            header = named
        checked[key] = header
    missing = missing_fields(checked)
    if missing:
        raise ValidationError(
            "map a column for " + ", ".join(missing) + ' (e.g. --map dog_name="Dog Name")',
            field="mapping",
        )
    if sheets.owners is not None:
        ref = checked.get("owner_ref")
        if ref is None or ref not in sheets.dogs.headers or ref not in sheets.owners.headers:
            raise ValidationError(
                "with an owners sheet, map owner_ref to the owner-number column both sheets have",
                field="mapping",
            )
    return checked


def save_mapping(
    database: Database,
    source: RegisterSource,
    mapping: Mapping[str, str],
    *,
    actor: Actor,
    clock: Clock,
    sheets: SourceSheets | None = None,
) -> str:
    """Keep ``mapping`` for files with this header row; returns the signature it is kept by."""
    sheets = sheets if sheets is not None else open_source(source)
    checked = check_mapping(mapping, sheets)
    signature = signature_of(sheets)
    value = json.dumps(
        {"mapping": checked, "headers": list(sheets.dogs.headers)}, ensure_ascii=False
    )
    with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
        session.merge(Setting(key=_setting_key(signature), value=value))
    return signature


def owner_columns(mapping: Mapping[str, str], sheets: SourceSheets) -> set[str]:
    """The fields read from the owners sheet (owner fields whose header is on it)."""
    if sheets.owners is None:
        return set()
    return {
        key
        for key, header in mapping.items()
        if key in OWNER_KEYS and key != "owner_ref" and header in sheets.owners.headers
    }


def parse_map_options(options: Sequence[str]) -> dict[str, str]:
    """``field=Header`` pairs from the command line as a mapping."""
    found: dict[str, str] = {}
    for option in options:
        key, sep, header = option.partition("=")
        if not sep or not key.strip() or not header.strip():
            raise ValidationError(f"--map takes field=Header, not {option!r}", field="mapping")
        found[key.strip()] = header.strip()
    return found
