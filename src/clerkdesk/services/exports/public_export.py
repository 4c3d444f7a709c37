"""The public-records export of the dog register: each license in force (one row per dog
and license year), with only the fields the office releases, as CSV or XLSX.

Read in one snapshot a batch at a time, escaped against spreadsheet formulas, written
whole or not at all, and recorded in the audit trail with the fields released.
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Select, select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, License, LicenseStatus, Owner
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import require
from clerkdesk.services.exports import snapshot as snap
from clerkdesk.services.exports.audited import record_export
from clerkdesk.services.exports.manifest import ENCODING
from clerkdesk.services.exports.public_fields import BY_KEY, in_order, office_public_fields
from clerkdesk.services.exports.sheets import SheetBook
from clerkdesk.services.exports.targets import partial, place, target
from clerkdesk.services.exports.values import csv_cell
from clerkdesk.services.progress import Cancelled, Step, no_progress

SHEET = "Dog register"
CANCELLED = "The export was cancelled; no file was written."


@dataclass(frozen=True)
class PublicExport:
    path: Path
    fields: tuple[str, ...]
    rows: int


def _query() -> Select[*tuple[Any, ...]]:
    return (
        select(
            License.license_year_label,
            License.number,
            License.tag_number,
            Dog.name.label("dog_name"),
            Dog.breed,
            Dog.breed_secondary,
            Dog.color,
            Dog.sex,
            Dog.altered,
            Dog.microchip,
            Owner.first_name,
            Owner.last_name,
            Owner.street,
            Owner.unit,
            Owner.city,
            Owner.postal_code,
            Owner.phone,
            Owner.email,
            Owner.notes,
        )
        .join(Dog, Dog.id == License.dog_id)
        .join(Owner, Owner.id == License.owner_id)
        .where(License.status == LicenseStatus.ISSUED)
        .order_by(License.license_year_start, License.number)
    )


def _joined(*parts: object, between: str = " ") -> str:
    return between.join(str(p) for p in parts if p)


_VALUES: dict[str, Callable[[Mapping[str, Any]], object]] = {
    "license_year": lambda r: r["license_year_label"],
    "license_number": lambda r: r["number"],
    "tag_number": lambda r: r["tag_number"],
    "dog_name": lambda r: r["dog_name"],
    "breed": lambda r: _joined(r["breed"], r["breed_secondary"], between=" / "),
    "color": lambda r: r["color"],
    "sex": lambda r: r["sex"],
    "altered": lambda r: "yes" if r["altered"] else "no",
    "microchip": lambda r: r["microchip"],
    "owner_name": lambda r: _joined(r["first_name"], r["last_name"]),
    "street": lambda r: _joined(r["street"], r["unit"], between=", "),
    "city": lambda r: r["city"],
    "postal_code": lambda r: r["postal_code"],
    "phone": lambda r: r["phone"],
    "email": lambda r: r["email"],
    "notes": lambda r: r["notes"],
}


def export_public(
    database: Database,
    out: Path,
    *,
    actor: Actor,
    clock: Clock,
    fields: Iterable[str] | None = None,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
) -> PublicExport:
    """The register to ``out`` (.csv or .xlsx) with ``fields`` (the office's choice when
    None): only those columns leave the database."""
    require(actor, Permission.EXPORT_RECORDS)
    out = target(out, (".csv", ".xlsx"), "file")
    chosen = in_order(fields) if fields is not None else office_public_fields(database)
    headings = [BY_KEY[k].heading for k in chosen]
    values = [_VALUES[k] for k in chosen]
    as_sheet = out.suffix.lower() == ".xlsx"
    rows = 0
    with contextlib.ExitStack() as stack:
        stream, part = stack.enter_context(partial(out))
        book = SheetBook() if as_sheet else None
        text = None
        if book is not None:
            stack.callback(book.discard)
            book.begin(SHEET, headings)
        else:
            text = io.TextIOWrapper(stream, encoding=ENCODING, newline="")
            writer = csv.writer(text)
            writer.writerow(headings)
        with snap.snapshot(database) as connection:
            query = _query()
            total = snap.count(connection, query)
            step(0, total, "Reading the register")
            for batch in snap.streamed(connection, query):
                if cancelled():
                    raise Cancelled(CANCELLED)
                lines = [[value(row._mapping) for value in values] for row in batch]
                if book is not None:
                    for line in lines:
                        book.add(line)
                else:
                    writer.writerows([[csv_cell(v) for v in line] for line in lines])
                rows += len(batch)
                step(rows, total, f"{rows:,} of {total:,} licenses")
        if book is not None:
            book.save(stream)
        elif text is not None:
            text.flush()
            text.detach()
        if cancelled():
            raise Cancelled(CANCELLED)
        record_export(
            database,
            "public",
            (out,),
            {"license": rows},
            actor=actor,
            clock=clock,
            details={"fields": list(chosen)},
        )
        place([(stream, part, out)])
    return PublicExport(out, chosen, rows)
