"""What a renewal notice says, apart from where it says it: its level and title, where and
when to renew, what happens after a final notice, and the words for a license with no fee.

Shared by the letter, its return stub and the postcard, so all three say the same.
"""

from __future__ import annotations

from decimal import Decimal

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.layout import money
from clerkdesk.reports.notice_data import Notice, NoticeSet, ScheduleStep
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeLevel

NO_FEE = "No fee — renewal still required"
NO_FEE_SHORT = "No fee"
STATUTE_CONSEQUENCE = (
    "A dog still not licensed is put on the list of unlicensed dogs the animal control "
    "officer is given under MGL c.140 §151A, to be sought out, and a complaint may be "
    "entered against its owner or keeper, who may be fined (MGL c.140 §141)."
)


def level_words(s: NoticeSet) -> str:
    """``First notice``, ``Reminder`` or ``Final notice``."""
    return s.level.words


def is_final(s: NoticeSet) -> bool:
    return s.level is NoticeLevel.FINAL


def title_of(s: NoticeSet, notice: Notice | None = None) -> str:
    """The run's title, or one notice's, led by its level; a keeper with only a kennel is
    sent a kennel notice."""
    level = level_words(s)
    if notice is not None and notice.kennels and not s.reminder:
        what = "kennel license" if not notice.dogs else "dog and kennel license"
        return f"{level}: {what} renewal, license year {s.year_label}"
    if s.reminder:
        return f"{level}: dog license for {s.year_label} not renewed"
    return f"{level}: dog license renewal, license year {s.year_label}"


def consequence(s: NoticeSet) -> str:
    """What a final notice says follows; empty on other levels."""
    if not is_final(s):
        return ""
    return s.consequence or STATUTE_CONSEQUENCE


def exempt(notice: Notice) -> bool:
    """Every license on the notice is free: the notice asks for no payment."""
    if notice.exempt:
        return True
    amounts = [d.amount_now for d in notice.dogs] + [k.amount_now for k in notice.kennels]
    later = [d.amount_late for d in notice.dogs] + [k.amount_late for k in notice.kennels]
    if not amounts or any(a is None or a != 0 for a in amounts):
        return False
    return all(a is None or a == 0 for a in later) and notice.total_now == 0


def amount_words(value: Decimal | None) -> str:
    """``$10.00``; ``No fee`` for nothing to pay; ``see office`` when it could not be quoted."""
    if value is None:
        return "see office"
    if value == 0:
        return NO_FEE_SHORT
    return f"${money(value)}"


def office_line(heading: OfficeHeading) -> str:
    """``Office of the Town Clerk, Town Hall, 34 West Main Street, Westborough, MA 01581``;
    the town's name in place of an address the profile does not give."""
    where = ", ".join(heading.address) if heading.address else heading.town
    return f"{heading.office}, {where}"


def mail_lines(heading: OfficeHeading) -> tuple[str, ...]:
    """Where a resident mails to, as it goes on an envelope."""
    if heading.mail_to:
        return heading.mail_to
    if heading.address:
        return (heading.office, *heading.address)
    return (f"Town Clerk, {heading.town}",)


def mail_line(heading: OfficeHeading) -> str:
    """Where a resident mails to, on one line."""
    if heading.mail_to:
        return ", ".join(heading.mail_to)
    if heading.address:
        return "the " + office_line(heading)
    return f"the Town Clerk, {heading.town}"


def how_to_renew(s: NoticeSet, notice: Notice) -> list[str]:
    """The letter's *How to renew*: in person (where and when), by mail (to where, with
    what), and what to do about a dog that has died or gone."""
    h = s.heading
    free = exempt(notice)
    enclose = "a copy of any new rabies certificate"
    if not (h.address or h.mail_to):
        with_what = enclose if free else f"a check payable to {s.payable_to} and {enclose}"
        found = [
            f"Bring this notice, or mail the stub below with {with_what}, to the Town Clerk, "
            f"{h.town}. The license and tag are mailed back to you."
        ]
    else:
        hours = f" Open {h.hours}." if h.hours else ""
        found = [f"In person: bring this notice to the {office_line(h)}.{hours}"]
        with_what = enclose if free else f"a check payable to {s.payable_to} and {enclose}"
        found.append(
            f"By mail: send the stub below with {with_what} to {mail_line(h)}; "
            "the license and tag are mailed back to you."
        )
    if h.phone:
        found.append(f"Questions: telephone {h.phone}.")
    found.append(
        "If a dog listed here has died, moved away or is no longer yours, tick it on the "
        "stub and return it, so it is taken off the list."
    )
    return found


def card_how_to(s: NoticeSet, notice: Notice) -> str:
    """The postcard's one paragraph on where to renew."""
    h = s.heading
    payment = "" if exempt(notice) else f" with a check payable to {s.payable_to}"
    if not (h.address or h.mail_to):
        return f"Bring or mail this card to the Town Clerk, {h.town}{payment}."
    hours = f" Open {h.hours}." if h.hours else ""
    phone = f" Tel. {h.phone}." if h.phone else ""
    return (
        f"Renew in person at the {office_line(h)}.{hours} By mail{payment} to "
        f"{mail_line(h)}.{phone}"
    )


SCHEDULE_TITLE = "Amount by the day you renew"


def has_schedule(notice: Notice) -> bool:
    """The total changes on a day ahead: the notice prints its schedule."""
    return not exempt(notice) and (len(notice.schedule) > 1 or notice.schedule_more)


def step_days(step: ScheduleStep) -> str:
    """``06/15/2027 to 06/21/2027``; ``From 07/20/2027`` for the last one, open-ended."""
    if step.ends is None:
        return f"From {us_date(step.starts)}"
    if step.ends == step.starts:
        return f"On {us_date(step.starts)}"
    return f"{us_date(step.starts)} to {us_date(step.ends)}"


def after_schedule(s: NoticeSet, notice: Notice) -> str:
    """What the schedule's last row leaves to a rule: empty when nothing changes after it."""
    if not notice.schedule_more or not notice.schedule:
        return ""
    last = notice.schedule[-1]
    after = us_date(last.ends) if last.ends is not None else us_date(last.starts)
    rule = s.growth_words or "the late fee keeps growing: ask the office for the amount"
    return f"After {after}: {rule}."
