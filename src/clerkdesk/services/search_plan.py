"""How the search box reads what was typed (``services.search`` looks it up).

* words (``jane elm``, ``rex doe``, ``12 elm``): every word must be the start of some word
  of the owner's name or street, or of one of the owner's dogs' names (the ``search_token``
  index, read with range scans ``token >= 'elm' AND token < 'eln'`` that a plain btree
  answers on both backends);
* 1 to 6 digits (``123``, ``#123``): a tag number of this or a past license year, a
  license number, and a house number (the whole number: ``12`` is not ``120 Elm St``);
  ``tag 123`` and ``license 57`` ask for one only;
* a tag as it reads on the collar (``W-123``, ``w 123``, ``tag W-123``): the tag 123 of
  stock received with that prefix (``rules.tag_text``), and the words as well, so a
  street or a name that happens to end in a number is still found;
* 7 or more digits with any phone punctuation (``(508) 555-0101``): a phone number, in
  full or its beginning, and a microchip; 7 digits (``555-0101``) are also a local number,
  looked for under each of the town's area codes (``town.area_codes`` in its profile);
* one word of 9 to 15 letters and digits: also a microchip.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from clerkdesk.rules.tag_text import typed_tag
from clerkdesk.services.search_words import words

LOCAL_DIGITS = 7
_NUMBER = re.compile(r"^(?:(tag|lic|license)\s*)?#?\s*(\d{1,6})$")
_TAG_WORD = re.compile(r"^tag\s+", re.IGNORECASE)
_PHONE_LIKE = re.compile(r"^\+?[\d\s().\-/]+$")
_MICROCHIP = re.compile(r"^[0-9A-Za-z]{9,15}$")
_NOT_DIGIT = re.compile(r"\D")


@dataclass(frozen=True)
class Plan:
    words: tuple[str, ...] = ()
    tag: int | None = None
    tag_prefix: str | None = None
    """The prefix typed before the tag number, as ``rules.tag_text.prefix_key`` compares it
    (``W`` for ``W-123``); None: any tag with the number (none typed)."""
    license: int | None = None
    street_number: str | None = None  # a number alone: also a house number, in full
    phone: str | None = None  # digits, in full (10) or the beginning of one
    local: tuple[str, ...] = ()  # 7 digits typed, in full under each of the town's area codes
    microchip: str | None = None


def read_text(query: str) -> Plan:
    """What to look for; ``query`` is stripped, its spaces single."""
    number = _NUMBER.match(query.lower())
    if number is not None:
        asked, value = number.group(1), int(number.group(2))
        return Plan(
            street_number=number.group(2) if asked is None else None,
            tag=value if asked in (None, "tag") else None,
            license=value if asked in (None, "lic", "license") else None,
        )
    plan = _other(query)
    return _with_prefixed_tag(query, plan)


def _other(query: str) -> Plan:
    if _PHONE_LIKE.match(query):
        digits = _NOT_DIGIT.sub("", query)
        if len(digits) >= 7:
            phone = digits[1:] if len(digits) == 11 and digits[0] == "1" else digits
            chip = digits if 9 <= len(digits) <= 15 else None
            return Plan(phone=phone if len(phone) <= 10 else None, microchip=chip)
    chip = query.replace(" ", "").replace("-", "")
    if _MICROCHIP.match(chip) and any(c.isdigit() for c in chip):
        return Plan(words=tuple(words(query)), microchip=chip)
    return Plan(words=tuple(words(query)))


def _with_prefixed_tag(query: str, plan: Plan) -> Plan:
    """``plan`` and, when the text reads as a tag with a prefix, that tag too."""
    if plan.phone is not None:
        return plan
    bare = _TAG_WORD.sub("", query)
    typed = typed_tag(bare)
    if typed is None or not typed.prefix:
        return plan
    if bare != query:  # "tag W-123" asks for the tag only
        return Plan(tag=typed.number, tag_prefix=typed.prefix)
    return replace(plan, tag=typed.number, tag_prefix=typed.prefix)
