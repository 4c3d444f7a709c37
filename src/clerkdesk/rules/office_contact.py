"""Where residents find the clerk's office and where they mail to, and what the town says
happens to a dog still unlicensed after its final notice: the ``[office]`` and
``[notices]`` tables of a town profile, both optional.

Notices print these so a resident can act on them without a telephone call; a profile
without them prints "bring or mail to the Town Clerk, <town>" and the words of MGL c.140
§141 and §151A instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from clerkdesk.rules.reader import Reader

LINE_LENGTH = 80
"""An address line or the hours: one printed line at most."""
LINES = 4
CONSEQUENCE_LENGTH = 400
"""About four printed lines: the consequence shares the final notice with the dogs' table."""


@dataclass(frozen=True)
class OfficeContact:
    """``[office]``: ``address`` (the street address residents come to, a line each),
    ``mail_to`` (where mail goes when not there: a post office box), ``hours`` and
    ``phone``. Empty when the profile has no such table."""

    address: tuple[str, ...] = ()
    mail_to: tuple[str, ...] = ()
    hours: str = ""
    phone: str = ""

    @property
    def mailing(self) -> tuple[str, ...]:
        """Where a resident mails to: ``mail_to``, else the street address."""
        return self.mail_to or self.address


@dataclass(frozen=True)
class FinalNoticeText:
    """``[notices]``: ``final_consequence``, what the town's bylaw does about a dog still
    unlicensed after the final notice, and the ``citation`` that says so."""

    consequence: str
    citation: str


def _lines(r: Reader, key: str) -> tuple[str, ...]:
    lines = r.string_list(key) or ()
    cleaned = tuple(" ".join(line.split()) for line in lines if line.strip())
    if len(cleaned) > LINES:
        r.problem(key, f"has {len(cleaned)} lines; an address on a notice has {LINES} at most")
        return ()
    if any(len(line) > LINE_LENGTH for line in cleaned):
        r.problem(key, f"has a line longer than {LINE_LENGTH} characters")
        return ()
    return cleaned


def _line(r: Reader, key: str) -> str:
    text = " ".join(r.text(key).split())
    if len(text) > LINE_LENGTH:
        r.problem(key, f"must be {LINE_LENGTH} characters or fewer")
        return ""
    return text


def office_contact(r: Reader | None) -> OfficeContact:
    """``[office]`` read and checked; an empty contact when there is none."""
    if r is None:
        return OfficeContact()
    address = _lines(r, "address")
    mail_to = _lines(r, "mail_to")
    hours = _line(r, "hours")
    phone = _line(r, "phone")
    r.finish()
    return OfficeContact(address, mail_to, hours, phone)


def final_notice_text(r: Reader | None) -> FinalNoticeText | None:
    """``[notices]`` read and checked; ``None`` when there is none."""
    if r is None:
        return None
    consequence = r.string("final_consequence", required=True, lines=True)  # folded below
    citation = r.citation()
    r.finish()
    if consequence is None or not consequence.strip():
        return None
    if len(consequence) > CONSEQUENCE_LENGTH:
        r.problem(
            "final_consequence",
            f"is {len(consequence):,} characters; a final notice has room for "
            f"{CONSEQUENCE_LENGTH} at most",
        )
        return None
    return FinalNoticeText(" ".join(consequence.split()), " ".join(citation.split()))
