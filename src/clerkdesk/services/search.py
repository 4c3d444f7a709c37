"""The one search box: owners and dogs by name, street, phone, tag, license or microchip.

``search`` reads in one transaction and returns frozen, plain values, so the UI can run it
on a worker thread and the CLI can print it. How a text is read: ``search_plan``.

Ranking: a number typed in full (tag, license, phone, microchip) above any words; for
words, a whole word above the start of one, an owner's name above a dog's name above a
street (see ``word_search``); active owners and dogs above moved or deceased ones; then by
name. The exact hit, when there is one, comes first.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sqlalchemy import (
    Integer,
    String,
    and_,
    bindparam,
    func,
    literal,
    null,
    select,
    union_all,
)
from sqlalchemy.sql import Select

from clerkdesk.db.database import Database
from clerkdesk.db.prepared import PreparedRead
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogStatus,
    License,
    Owner,
    OwnerStatus,
    SearchToken,
    TagIssue,
    TagStatus,
    TownProfileVersion,
)
from clerkdesk.rules import parse_profile
from clerkdesk.rules.tag_text import prefix_key, tag_text
from clerkdesk.services.search_plan import LOCAL_DIGITS, Plan, read_text
from clerkdesk.services.tag_prefix import stock_prefix
from clerkdesk.services.word_search import active_dogs_of, split_dogs, upper_bound, word_hits

MAX_TEXT = 100
MAX_LIMIT = 200
HitKind = Literal["owner", "dog"]

_FIELD_WORDS = {"owner": "owner name", "dog": "dog name", "street": "street"}
_ACTIVE = 0.5
# Number lookups rank above any words (at most 7 points a word).
_TAG_POINTS = 40.0
_LICENSE_POINTS = 30.0
_PHONE_POINTS = 30.0
# Seven digits under one of the town's area codes: a whole number, above a beginning.
_LOCAL_PHONE_POINTS = 31.0
_MICROCHIP_POINTS = 35.0
_YEAR_IN_FORCE = 5.0
# A number alone that is a house number: a street's whole word.
_HOUSE_NUMBER_POINTS = 5.0


@dataclass(frozen=True)
class SearchHit:
    kind: HitKind
    owner_id: int
    dog_id: int | None
    owner_name: str  # "Last, First"
    street: str
    dogs: tuple[str, ...]  # the owner's active dogs, by name
    dog_name: str | None
    matched: str  # in words: "tag 123 (2026–27)", "owner name, street", "phone"
    score: float


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[SearchHit, ...]
    # Set when the text is, in full, a tag, license, phone or microchip naming one dog
    # (one owner for a phone): the counter opens it straight away.
    exact: SearchHit | None


def search(
    database: Database, text: str, *, limit: int = 20, on: dt.date | None = None
) -> SearchResult:
    """The best ``limit`` owners and dogs for ``text``; ``on`` picks the license year a tag
    or license number means first (without it, the newest year it was issued in)."""
    if len(text) > MAX_TEXT:
        raise ValidationError(
            f"Search for at most {MAX_TEXT} characters (this is {len(text)}).", field="search"
        )
    if not 1 <= limit <= MAX_LIMIT:
        raise ValidationError(f"Show between 1 and {MAX_LIMIT} results.", field="limit")
    query = " ".join(text.split())
    if not query:
        return SearchResult(query, (), None)
    plan = read_text(query)
    if plan.phone is not None and len(plan.phone) == LOCAL_DIGITS:
        plan = replace(plan, local=tuple(code + plan.phone for code in _area_codes(database)))
    found = _Found()
    jumps: list[_Hit | None] = []
    if plan.words:
        with database.read() as session:
            conn = session.connection()
            jumps = _exact_lookups(
                lambda stmt, values: conn.execute(stmt, values).all(), plan, on, limit, found
            )
            # A tag typed as it reads ("W-12") that is one is all the clerk meant: its
            # letters and digits are no name or street to look for as well.
            tag_found = plan.tag_prefix is not None and jumps[0] is not None
            for row in () if tag_found else word_hits(conn, plan.words, limit=limit):
                kind: HitKind = "owner" if row.dog_id is None else "dog"
                matched = ", ".join(
                    _FIELD_WORDS[k] for k in _FIELD_WORDS if getattr(row, f"in_{k}")
                )
                found.add(row, kind, float(row.score), matched)
    else:
        # A number, phone or microchip alone: one statement each, straight to the driver.
        jumps = _exact_lookups(
            lambda stmt, values: _prepared(stmt).rows(database, values), plan, on, limit, found
        )
    exact = next((j for j in jumps if j is not None), None)
    ranked = sorted((h for h in found.hits.values() if h is not exact), key=_Hit.order)
    ranked = (([exact] if exact is not None else []) + ranked)[:limit]
    hits = tuple(h.freeze() for h in ranked)
    exact_hit = hits[0] if exact is not None else None
    return SearchResult(query, hits, exact_hit)


Run = Callable[[Any, dict[str, Any]], Sequence[Any]]


def _exact_lookups(
    run: Run, plan: Plan, on: dt.date | None, limit: int, found: _Found
) -> list[_Hit | None]:
    jumps: list[_Hit | None] = []
    if plan.tag is not None or plan.license is not None:
        jumps.append(_numbers(run, plan, on, limit, found))
    if plan.phone is not None:
        jumps.append(_phones(run, plan.phone, plan.local, limit, found))
    # Ten digits that are someone's phone are not looked for as a microchip as well.
    if plan.microchip is not None and not (len(plan.phone or "") == 10 and found.hits):
        jumps.append(_microchips(run, plan.microchip, limit, found))
    return jumps


@functools.cache
def _prepared(statement: Any) -> PreparedRead:
    return PreparedRead(statement)


# --- reading the text -----------------------------------------------------------------


_PROFILE_TEXT = (
    select(TownProfileVersion.profile_toml).order_by(TownProfileVersion.id.desc()).limit(1)
)


def _area_codes(database: Database) -> tuple[str, ...]:
    """The town's area codes; none before a town is set up. Read only for 7 digits, as one
    prepared statement, so a phone lookup stays a lookup."""
    rows = _prepared(_PROFILE_TEXT).rows(database, {})
    return _area_codes_in(rows[0][0]) if rows else ()


@functools.lru_cache(maxsize=8)
def _area_codes_in(profile_toml: str) -> tuple[str, ...]:
    # The stored text was checked when it was saved; the same text always parses the same.
    return parse_profile(profile_toml, stored=True).area_codes


# --- collecting and ranking hits -------------------------------------------------------


@dataclass
class _Hit:
    kind: HitKind
    owner_id: int
    dog_id: int | None
    last_name: str
    first_name: str
    street: str
    dog_name: str | None
    active: bool
    score: float
    dogs: tuple[str, ...]
    matched: list[str] = field(default_factory=list)

    def order(self) -> tuple[float, str, str, str, int, int]:
        return (
            -self.score,
            self.last_name.lower(),
            self.first_name.lower(),
            (self.dog_name or "").lower(),
            self.owner_id,
            self.dog_id or 0,
        )

    def freeze(self) -> SearchHit:
        return SearchHit(
            kind=self.kind,
            owner_id=self.owner_id,
            dog_id=self.dog_id,
            owner_name=f"{self.last_name}, {self.first_name}",
            street=self.street,
            dogs=self.dogs,
            dog_name=self.dog_name,
            matched=", ".join(self.matched),
            score=round(self.score, 3),
        )


@dataclass
class _Found:
    hits: dict[tuple[HitKind, int, int | None], _Hit] = field(default_factory=dict)

    def add(self, row: Any, kind: HitKind, points: float, matched: str) -> _Hit:
        """``row`` has the owner's and (for a dog) the dog's columns of ``_subject``."""
        dog_id = row.dog_id if kind == "dog" else None
        key = (kind, row.owner_id, dog_id)
        hit = self.hits.get(key)
        if hit is None:
            active = row.owner_status == OwnerStatus.ACTIVE and (
                kind == "owner" or row.dog_status == DogStatus.ACTIVE
            )
            hit = _Hit(
                kind=kind,
                owner_id=row.owner_id,
                dog_id=dog_id,
                last_name=row.last_name,
                first_name=row.first_name,
                street=row.street,
                dog_name=row.dog_name if kind == "dog" else None,
                active=active,
                score=points + (_ACTIVE if active else 0.0),
                dogs=split_dogs(row.dogs),
                matched=[matched],
            )
            self.hits[key] = hit
        elif matched not in hit.matched:
            # A second way to the same dog (its tag and its license) adds a little.
            hit.score = max(hit.score, points + (_ACTIVE if hit.active else 0.0)) + 0.1
            hit.matched.append(matched)
        return hit


_OWNER_COLUMNS = (
    Owner.id.label("owner_id"),
    Owner.last_name,
    Owner.first_name,
    Owner.street,
    Owner.status.label("owner_status"),
    active_dogs_of(Owner.id).label("dogs"),
)
_DOG_COLUMNS = (
    Dog.id.label("dog_id"),
    Dog.name.label("dog_name"),
    Dog.status.label("dog_status"),
)


def _subject(*extra: Any) -> Select[Any]:
    """The owner's and dog's columns a dog hit needs, beside ``extra``."""
    return select(*_OWNER_COLUMNS, *_DOG_COLUMNS, *extra)


def _in_force(on: dt.date | None, start: dt.date, end: dt.date) -> bool:
    return on is not None and start <= on <= end


def _numbers(run: Run, plan: Plan, on: dt.date | None, limit: int, found: _Found) -> _Hit | None:
    """Tags and licenses with this number, any year, and owners living at that number, in
    one statement. The one to open: the tag, of the year in force on ``on`` or else the
    newest year it was issued; without such a tag, the license, chosen the same way."""
    kinds = (
        ("tag",) * (plan.tag is not None)
        + ("license",) * (plan.license is not None)
        + ("street",) * (plan.street_number is not None)
    )
    number = plan.tag if plan.tag is not None else plan.license
    values = {"number": number, "house": plan.street_number, "limit": limit}
    rows = run(_number_statement(kinds), values)
    picks: list[_Hit] = []
    assert number is not None
    for kind, points in (("tag", _TAG_POINTS), ("license", _LICENSE_POINTS)):
        mine = sorted(
            (r for r in rows if r.noun == kind and _prefix_fits(r, plan.tag_prefix)),
            key=lambda r: r.license_year_start,
            reverse=True,
        )
        picks += _by_year(mine, on, found, kind, number, points)
    for row in rows:
        if row.noun == "street":
            found.add(row, "owner", _HOUSE_NUMBER_POINTS, "street")
    return picks[0] if picks else None


def _prefix_fits(row: Any, typed: str | None) -> bool:
    """A tag typed with its prefix (``W-12``) is only the tag of stock with that prefix."""
    return typed is None or prefix_key(row.tag_prefix) == typed


@functools.cache
def _number_statement(kinds: tuple[str, ...]) -> Any:
    number = bindparam("number", type_=Integer)
    year = (License.license_year_start, License.license_year_end, License.license_year_label)
    arms: list[Select[Any]] = []
    if "tag" in kinds:
        arms.append(
            _subject(
                *year,
                TagIssue.status.label("tag_status"),
                stock_prefix(TagIssue.license_year_start, TagIssue.tag_number).label("tag_prefix"),
                literal("tag").label("noun"),
            )
            .select_from(TagIssue)
            .join(License, License.id == TagIssue.license_id)
            .join(Dog, Dog.id == License.dog_id)
            .join(Owner, Owner.id == Dog.owner_id)
            .where(TagIssue.tag_number == number)
        )
    if "license" in kinds:
        arms.append(
            _subject(
                *year,
                literal(TagStatus.ISSUED.value).label("tag_status"),
                null().label("tag_prefix"),
                literal("license").label("noun"),
            )
            .select_from(License)
            .join(Dog, Dog.id == License.dog_id)
            .join(Owner, Owner.id == Dog.owner_id)
            .where(License.number == number)
        )
    if "street" in kinds:
        token = SearchToken.__table__
        houses = (
            select(*_OWNER_COLUMNS)
            .select_from(token)
            .join(Owner, Owner.id == token.c.owner_id)
            .where(token.c.token == bindparam("house", type_=String), token.c.field == "street")
            .order_by(
                (Owner.status == OwnerStatus.ACTIVE).desc(),
                func.lower(Owner.last_name),
                func.lower(Owner.first_name),
                Owner.id,
            )
            .limit(bindparam("limit", type_=Integer))
            .subquery("houses")
        )
        nothing = [null().label(c) for c in ("dog_id", "dog_name", "dog_status")]
        arms.append(
            select(
                *houses.c,
                *nothing,
                *(null().label(c) for c in ("license_year_start", "license_year_end")),
                null().label("license_year_label"),
                null().label("tag_status"),
                null().label("tag_prefix"),
                literal("street").label("noun"),
            )
        )
    return arms[0] if len(arms) == 1 else union_all(*arms)


def _by_year(
    rows: Sequence[Any], on: dt.date | None, found: _Found, noun: str, number: int, points: float
) -> list[_Hit]:
    """Hits for one number, newest year first; returns the one to open, if any: the year
    in force on ``on``, else the newest (an issued tag before a lost or void one)."""
    best: tuple[tuple[bool, bool, dt.date], _Hit] | None = None
    for row in rows:
        in_force = _in_force(on, row.license_year_start, row.license_year_end)
        issued = row.tag_status == TagStatus.ISSUED
        # Older years rank a little lower, never below another kind of number.
        age = (rows[0].license_year_start - row.license_year_start).days / 3650
        hit = found.add(
            row,
            "dog",
            points + (_YEAR_IN_FORCE if in_force else 0.0) - min(age, 0.9),
            f"{noun} {_shown(noun, number, row)} ({row.license_year_label})",
        )
        key = (in_force, issued, row.license_year_start)
        if best is None or key > best[0]:
            best = (key, hit)
    return [] if best is None else [best[1]]


def _shown(noun: str, number: int, row: Any) -> str:
    """A tag as it reads on the collar (``W-12``); a license by its number."""
    return tag_text(number, row.tag_prefix) if noun == "tag" else str(number)


def _phones(run: Run, phone: str, local: tuple[str, ...], limit: int, found: _Found) -> _Hit | None:
    """The owners with this phone; the one to open: the only owner with the whole number
    typed, or with the 7 digits typed under one of the town's area codes."""
    exact: list[_Hit] = []
    values: dict[str, object] = {"limit": limit + 1}
    if local:
        numbers = {f"p{i}": number for i, number in enumerate(local)}
        rows = run(_local_phone_statement(len(local)), {**values, **numbers})
        exact = [found.add(row, "owner", _LOCAL_PHONE_POINTS, "phone") for row in rows]
    whole = len(phone) == 10
    values["phone"] = phone
    if not whole:
        values["upper"] = upper_bound(phone)
    rows = run(_phone_statement(whole), values)
    hits = [found.add(row, "owner", _PHONE_POINTS, "phone") for row in rows]
    if whole:
        exact = hits
    return exact[0] if len(exact) == 1 else None


@functools.cache
def _local_phone_statement(numbers: int) -> Select[Any]:
    return (
        select(*_OWNER_COLUMNS)
        .where(Owner.phone_digits.in_([bindparam(f"p{i}", type_=String) for i in range(numbers)]))
        .order_by(Owner.id)
        .limit(bindparam("limit", type_=Integer))
    )


@functools.cache
def _phone_statement(whole: bool) -> Select[Any]:
    phone = bindparam("phone", type_=String)
    # Digits only, so the upper bound always exists ("508555" → "508556", "5089" → "508a").
    match = (
        Owner.phone_digits == phone
        if whole
        else and_(
            Owner.phone_digits >= phone, Owner.phone_digits < bindparam("upper", type_=String)
        )
    )
    return (
        select(*_OWNER_COLUMNS)
        .where(match)
        .order_by(Owner.id)
        .limit(bindparam("limit", type_=Integer))
    )


def _microchips(run: Run, chip: str, limit: int, found: _Found) -> _Hit | None:
    # An ISO chip is all digits: one spelling, one index probe. Others may be typed in
    # either case.
    spellings = tuple(dict.fromkeys((chip, chip.upper(), chip.lower())))
    values: dict[str, object] = {f"c{i}": s for i, s in enumerate(spellings)}
    values["limit"] = limit + 1
    rows = run(_microchip_statement(len(spellings)), values)
    hits = [found.add(row, "dog", _MICROCHIP_POINTS, "microchip") for row in rows]
    return hits[0] if len(hits) == 1 else None


@functools.cache
def _microchip_statement(spellings: int) -> Select[Any]:
    chips = [bindparam(f"c{i}", type_=String) for i in range(spellings)]
    return (
        _subject()
        .select_from(Dog)
        .join(Owner, Owner.id == Dog.owner_id)
        .where(Dog.microchip == chips[0] if spellings == 1 else Dog.microchip.in_(chips))
        .order_by(Dog.id)
        .limit(bindparam("limit", type_=Integer))
    )
