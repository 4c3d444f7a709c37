"""The search box's words, as one SQL statement over the ``search_token`` index.

Every word must be the start of a word of the owner (name, street) or of one of the
owner's dogs (name). A word's start is a range scan, ``token >= 'elm' AND token < 'eln'``,
which a plain btree answers on both backends; the upper bound stays inside the tokens'
alphabet so it holds under any collation that sorts digits before letters.

The statement, in steps (each a CTE):

``cand``
    Owners with the narrowest word, read kind by kind in the order of rank: the whole word
    as an owner's name, a dog's name, a street; then the word's start, in the same order.
    Each other word is one seek per candidate on ``(owner_id, token)``. At most
    ``CANDIDATES`` index entries are taken (an owner may take two), so one or two letters
    in a large town cost no more than a narrow word; the ranking is exact among them, and
    exact whenever fewer owners match.
``m``
    The candidates' index entries for each word, with points: 3 an owner's name, 2 a dog's
    name, 1 a street, and 4 more for the whole word.
``subj``, ``best``, ``scored``
    Hits: the owner, when every word is in their name or street; each dog whose name
    matched, when every word is in its name or its owner's; scored by each word's best.
``spread``
    An owner whose words are spread over several dogs ("bella rex") and no one hit.

Only the best ``limit`` rows come back, each with the owner's active dogs' names.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BindParameter,
    ColumnElement,
    Connection,
    Integer,
    String,
    and_,
    bindparam,
    case,
    exists,
    func,
    literal,
    null,
    or_,
    select,
    union,
    union_all,
)
from sqlalchemy.sql import Select

from clerkdesk.models import Dog, DogStatus, Owner, OwnerStatus, SearchToken

# How many index entries of the narrowest word are ranked at most (see the module's notes).
CANDIDATES = 300
# Counting a word's index entries stops here: enough to tell a narrow word from a broad one.
COUNT_CAP = 2000
# Between the names of an owner's dogs in one string (a character no name holds).
DOG_SEPARATOR = "\x1f"

OWNER_POINTS, DOG_POINTS, STREET_POINTS, WHOLE_WORD = 3, 2, 1, 4
FIELD_POINTS = {"owner": OWNER_POINTS, "dog": DOG_POINTS, "street": STREET_POINTS}

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
_TOKEN = SearchToken.__table__


def upper_bound(prefix: str) -> str | None:
    """The first string after every string that starts with ``prefix`` (lower-case letters
    and digits), or None when nothing is: ``"smi"`` → ``"smj"``, ``"a9"`` → ``"aa"``,
    ``"az"`` → ``"b"``."""
    chars = list(prefix)
    while chars:
        place = _ALPHABET.find(chars[-1])
        if 0 <= place < len(_ALPHABET) - 1:
            chars[-1] = _ALPHABET[place + 1]
            return "".join(chars)
        chars.pop()
    return None


def starts_with(column: Any, prefix: str) -> ColumnElement[bool]:
    upper = upper_bound(prefix)
    if upper is None:
        return column >= prefix  # type: ignore[no-any-return]
    return and_(column >= prefix, column < upper)


# The statements are built once for each shape of search (how many words, and which have
# an upper bound) with the words as bound parameters: building a statement this size costs
# more than running it.
Shape = tuple[bool, ...]


def shape_of(terms: Sequence[str]) -> Shape:
    return tuple(upper_bound(w) is not None for w in terms)


def parameters(terms: Sequence[str]) -> dict[str, object]:
    values: dict[str, object] = {"cap": CANDIDATES, "count_cap": COUNT_CAP}
    for place, word in enumerate(terms):
        values[f"w{place}"] = word
        upper = upper_bound(word)
        if upper is not None:
            values[f"u{place}"] = upper
    return values


def _word(place: int) -> BindParameter[str]:
    return bindparam(f"w{place}", type_=String)


def _in_range(column: Any, place: int, bounded: bool) -> ColumnElement[bool]:
    if not bounded:
        return column >= _word(place)  # type: ignore[no-any-return]
    return and_(column >= _word(place), column < bindparam(f"u{place}", type_=String))


def active_dogs_of(owner_id: Any) -> Any:
    """The owner's active dogs' names in one string (any order), as a scalar subquery."""
    d = Dog.__table__.alias("active_dog")
    return (
        select(func.aggregate_strings(d.c.name, DOG_SEPARATOR))
        .where(d.c.owner_id == owner_id, d.c.status == DogStatus.ACTIVE.value)
        .scalar_subquery()
    )


def split_dogs(value: str | None) -> tuple[str, ...]:
    return tuple(sorted((value or "").split(DOG_SEPARATOR), key=str.lower)) if value else ()


def narrowest(conn: Connection, terms: Sequence[str]) -> str:
    """The word with the fewest index entries (counted up to ``COUNT_CAP``); between
    equals, the longer."""
    if len(terms) == 1:
        return terms[0]
    sizes = conn.execute(_counts(shape_of(terms)), parameters(terms)).one()
    return min(zip(sizes, terms, strict=True), key=lambda p: (p[0], -len(p[1])))[1]


@functools.cache
def _counts(shape: Shape) -> Select[Any]:
    t = _TOKEN.alias("t")
    count_cap = bindparam("count_cap", type_=Integer)
    return select(
        *(
            select(func.count())
            .select_from(
                select(t.c.id)
                .where(_in_range(t.c.token, place, bounded))
                .limit(count_cap)
                .subquery()
            )
            .scalar_subquery()
            for place, bounded in enumerate(shape)
        )
    )


def _points(token: Any, place: int) -> ColumnElement[int]:
    return case(
        (token.c.field == "owner", OWNER_POINTS),
        (token.c.field == "dog", DOG_POINTS),
        else_=STREET_POINTS,
    ) + case((token.c.token == _word(place), WHOLE_WORD), else_=0)


def _candidates(shape: Shape) -> Select[Any]:
    """Word 0 drives; the others are probes."""
    t = _TOKEN.alias("t")
    cap = bindparam("cap", type_=Integer)
    probes = []
    for place, bounded in enumerate(shape[1:], start=1):
        x = _TOKEN.alias()
        probes.append(
            exists().where(x.c.owner_id == t.c.owner_id, _in_range(x.c.token, place, bounded))
        )
    longer = t.c.token > _word(0)
    if shape[0]:
        longer = and_(longer, t.c.token < bindparam("u0", type_=String))
    arms = []
    for tier in (t.c.token == _word(0), longer):
        for kind in FIELD_POINTS:
            arm = select(t.c.owner_id).where(tier, t.c.field == kind, *probes).limit(cap)
            arms.append(select(arm.subquery().c.owner_id))
    # No DISTINCT here: it would read every arm before the first row; a repeated owner
    # (Sam Smith, for "s") only leaves one place fewer, and later steps read owners once.
    taken = union_all(*arms).subquery("taken")
    return select(taken.c.owner_id).limit(cap)


def word_hits(conn: Connection, terms: Sequence[str], *, limit: int) -> list[Any]:
    """The best ``limit`` hits for ``terms`` (distinct lower-case words), best first.

    Each row: owner_id, dog_id (None for an owner), score (whole points), owner's and
    dog's name and status, street, dogs (see ``split_dogs``), and in_owner / in_dog /
    in_street: 1 where some word's best match was of that kind.
    """
    driver = narrowest(conn, terms)
    ordered = [driver, *(w for w in terms if w != driver)]
    values = parameters(ordered)
    values["limit"] = limit
    return list(conn.execute(_statement(shape_of(ordered)), values).all())


@functools.cache
def _statement(shape: Shape) -> Select[Any]:
    cand = _candidates(shape).cte("cand")
    arms = []
    for place, bounded in enumerate(shape):
        x = _TOKEN.alias()
        arms.append(
            select(
                x.c.owner_id,
                x.c.dog_id,
                literal(place, Integer).label("w"),
                _points(x, place).label("pts"),
            ).where(x.c.owner_id.in_(select(cand.c.owner_id)), _in_range(x.c.token, place, bounded))
        )
    m = union_all(*arms).cte("m")
    subj = union(
        select(m.c.owner_id, m.c.dog_id).where(m.c.dog_id.is_not(None)),
        select(cand.c.owner_id, null().label("dog_id")),
    ).cte("subj")
    best = (
        select(subj.c.owner_id, subj.c.dog_id, m.c.w, func.max(m.c.pts).label("pts"))
        .select_from(
            subj.join(
                m,
                and_(
                    m.c.owner_id == subj.c.owner_id,
                    or_(m.c.dog_id.is_(None), m.c.dog_id == subj.c.dog_id),
                ),
            )
        )
        .group_by(subj.c.owner_id, subj.c.dog_id, m.c.w)
        .cte("best")
    )

    def kinds(pts: Any) -> list[Any]:
        # A word's points say where it matched: 3 or 7 a name, 2 or 6 a dog, 1 or 5 a street.
        return [
            func.max(case((pts % 4 == points, 1), else_=0)).label(f"in_{kind}")
            for kind, points in FIELD_POINTS.items()
        ]

    scored = (
        select(
            best.c.owner_id, best.c.dog_id, func.sum(best.c.pts).label("score"), *kinds(best.c.pts)
        )
        .group_by(best.c.owner_id, best.c.dog_id)
        .having(func.count() == len(shape))
        .cte("scored")
    )
    hits: Any = select(*scored.c)
    if len(shape) > 1:
        per_word = (
            select(m.c.owner_id, m.c.w, func.max(m.c.pts).label("pts"))
            .group_by(m.c.owner_id, m.c.w)
            .subquery("per_word")
        )
        spread = (
            select(
                per_word.c.owner_id,
                null().label("dog_id"),
                func.sum(per_word.c.pts).label("score"),
                *kinds(per_word.c.pts),
            )
            .where(per_word.c.owner_id.not_in(select(scored.c.owner_id)))
            .group_by(per_word.c.owner_id)
        )
        hits = union_all(hits, spread)
    found = hits.subquery("found")
    active = case(
        (
            and_(
                Owner.status == OwnerStatus.ACTIVE,
                or_(found.c.dog_id.is_(None), Dog.status == DogStatus.ACTIVE),
            ),
            1,
        ),
        else_=0,
    )
    top = (
        select(
            found.c.owner_id,
            found.c.dog_id,
            found.c.score,
            found.c.in_owner,
            found.c.in_dog,
            found.c.in_street,
            Owner.last_name,
            Owner.first_name,
            Owner.street,
            Owner.status.label("owner_status"),
            Dog.name.label("dog_name"),
            Dog.status.label("dog_status"),
        )
        .select_from(found)
        .join(Owner, Owner.id == found.c.owner_id)
        .outerjoin(Dog, Dog.id == found.c.dog_id)
        .order_by(
            (found.c.score * 2 + active).desc(),
            func.lower(Owner.last_name),
            func.lower(Owner.first_name),
            func.lower(func.coalesce(Dog.name, "")),
            found.c.owner_id,
            func.coalesce(found.c.dog_id, 0),
        )
        .limit(bindparam("limit", type_=Integer))
        .subquery("top")
    )
    return select(*top.c, active_dogs_of(top.c.owner_id).label("dogs"))
