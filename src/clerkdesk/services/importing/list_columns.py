"""Which column of a vet's list or a census holds what: guessed from the header row.

A header matches a field when, lower-cased with its punctuation gone, it is one of the
field's names or contains one of them as whole words ("Rabies Tag #" holds "rabies tag").
Each column goes to the first field that claims it, so a field listed earlier wins ("Owner
Last Name" is the owner's last name, not the owner). Small on purpose: the register's import
has its own mapping, saved and shown; these lists have few columns and one shape each.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clerkdesk.errors import ValidationError


@dataclass(frozen=True)
class Field:
    key: str
    words: str
    """What the field is called in a message: "the vaccination date"."""
    names: tuple[str, ...]
    required: bool = False


def _plain(header: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", header.lower()).split())


def _claims(field: Field, header: str) -> int:
    """How well ``field`` claims the header: 2 named exactly, 1 a name inside it, 0 not."""
    plain = _plain(header)
    if not plain:
        return 0
    if plain in field.names:
        return 2
    padded = f" {plain} "
    return 1 if any(f" {name} " in padded for name in field.names) else 0


def guess_columns(headers: Sequence[str], fields: Sequence[Field]) -> dict[str, int]:
    """{field key: column index} for every field a header names; an exact name first, then
    a name inside a header, earlier fields before later ones."""
    chosen: dict[str, int] = {}
    taken: set[int] = set()
    for strength in (2, 1):
        for field in fields:
            if field.key in chosen:
                continue
            for index, header in enumerate(headers):
                if index not in taken and _claims(field, header) == strength:
                    chosen[field.key] = index
                    taken.add(index)
                    break
    return chosen


def require_columns(
    found: Mapping[str, int], fields: Sequence[Field], *, alternatives: Sequence[set[str]] = ()
) -> None:
    """ValidationError naming the columns the list lacks: each required field, and one of
    each set of ``alternatives`` (a whole address, or its number and street)."""
    missing = [f.words for f in fields if f.required and f.key not in found]
    words = {f.key: f.words for f in fields}
    for choice in alternatives:
        if not choice & set(found):
            missing.append(" or ".join(words[key] for key in sorted(choice)))
    if missing:
        raise ValidationError(
            "The file has no column for " + ", ".join(missing) + ": name it in the header row.",
            field="columns",
        )
