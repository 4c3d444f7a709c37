"""Renewal notices as literals: one office, dogs and owners the notice tests draw from."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.notice_data import Notice, NoticeDog, NoticeSet

SET = NoticeSet(
    heading=OfficeHeading("Town of Westborough", "Office of the Town Clerk", "Art. 19"),
    reminder=False,
    year_label="2027–28",
    year_start=dt.date(2027, 4, 1),
    year_end=dt.date(2028, 3, 31),
    due_date=dt.date(2027, 4, 1),
    late_from=dt.date(2027, 6, 1),
    late_words="Art. 19 §2C; it grows each week after that",
    dated=dt.date(2027, 2, 15),
    quoted_on=dt.date(2027, 2, 15),
    payable_to="Town of Westborough",
)


def dog(n: int, note: str | None = None) -> NoticeDog:
    return NoticeDog(
        dog_id=n,
        name=f"Dog {n}",
        described="Beagle, male, neutered",
        last_license=f"2026–27 no. {n}",
        last_tag=str(n),
        amount_now=Decimal("10.00"),
        amount_late=Decimal("14.00"),
        rabies_note=note,
    )


def notice(n: int, dogs: int = 1, name: str | None = None) -> Notice:
    return Notice(
        owner_id=n,
        owner_name=name or f"Owner {n} Łukasz Nguyễn",
        address=(f"{n} Elm St", "Westborough, MA 01581"),
        dogs=tuple(dog(n * 100 + d) for d in range(dogs)),
        kennels=(),
    )
