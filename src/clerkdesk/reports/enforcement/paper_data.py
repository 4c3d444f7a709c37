"""What every enforcement paper shares: the office that issues it, the person it is sent to,
and a dog as the paper names it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.reports.documents import OfficeHeading


@dataclass(frozen=True)
class PaperHead:
    """The office (with its seal: ``None`` prints the default) and the day the paper is
    dated."""

    heading: OfficeHeading
    seal: bytes | None
    dated: dt.date


@dataclass(frozen=True)
class Addressee:
    """A name and the address a letter goes to (the mailing address where there is one)."""

    name: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class DogEntry:
    """A dog as a paper names it: ``Rex``, ``Beagle, tricolor, male``, and its license
    (``license 12, 2025–26, tag W-5``) or ``not licensed``."""

    name: str
    described: str
    license: str


@dataclass(frozen=True)
class Printed:
    """A copy made again: who printed it and when (in the town's time)."""

    printed_at: dt.datetime
    printed_by: str
