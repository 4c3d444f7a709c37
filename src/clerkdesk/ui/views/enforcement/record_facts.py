"""A record's facts in words, as its details dialog shows them, and the steps it offers with
the reason each waits (empty when it can be taken now)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition, ViolationStatus
from clerkdesk.rules.money import dollars
from clerkdesk.rules.roles import Permission
from clerkdesk.services.enforcement.hearing_views import HearingView, OrderView
from clerkdesk.services.enforcement.impound_views import ImpoundView
from clerkdesk.services.enforcement.violation_lists import ViolationRow
from clerkdesk.ui.views.enforcement.tables import moment, violation_standing


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    letter: str
    permission: Permission | tuple[Permission, ...]
    waits_on: str = ""


COUNTER = "counter"
# The steps that print a paper again (a reprint, asked why and recorded), by their keys.
VIOLATION_NOTICE, HEARING_NOTICE, HEARING_ORDER, RELEASE_PAPER = (
    "notice", "hearing_notice", "order_paper", "release_paper"
)  # fmt: skip
# Who may reprint each paper: its own role, or one who reprints documents (as
# services.enforcement.papers lets them).
NOTICE_MAY = (Permission.ENFORCE, Permission.REPRINT)
HEARING_PAPER_MAY = (Permission.HEARINGS, Permission.REPRINT)
RELEASE_MAY = (Permission.SELL, Permission.ENFORCE, Permission.REPRINT)
RELEASED = (ImpoundDisposition.RETURNED, ImpoundDisposition.ADOPTED)


# Violations ---------------------------------------------------------------------------
def violation_facts(row: ViolationRow) -> list[str]:
    fine = "a written warning" if row.warning else dollars(row.amount)
    if row.maximum and not row.warning:
        fine = f"not more than {fine}"
    lines = [
        f"{row.owner_name}, {row.owner_address}",
        f"Dogs: {', '.join(row.dog_names) or 'none named'}",
        f"{row.description} (code {row.code})",
        f"Citation: {row.citation}",
        f"Offense {row.offense_number}: {fine}",
        f"{moment(row.occurred_at)} at {row.place}; officer {row.officer}",
        f"Standing: {violation_standing(row)}",
    ]
    if not row.warning and row.pay_by is not None:
        how = row.payment_methods or "any way the office takes payment"
        lines.append(f"Pay by {us_date(row.pay_by)}: {how}")
    if row.status is ViolationStatus.DISMISSED and row.status_reason:
        lines.append(f"Dismissed: {row.status_reason}")
    if row.notes:
        lines.append(f"Notes: {row.notes}")
    return lines


def violation_steps(row: ViolationRow, today: dt.date) -> list[Step]:
    dismissed = row.status is ViolationStatus.DISMISSED
    if dismissed:
        dismiss_waits = f"{row.label} was dismissed already."
    elif row.paid and not row.warning:
        dismiss_waits = f"{row.label} is paid: void its receipt first, then dismiss it."
    else:
        dismiss_waits = ""
    if row.warning:
        court_waits = f"{row.label} is a written warning: there is no fine to take to court."
    elif dismissed:
        court_waits = f"{row.label} was dismissed."
    elif row.paid:
        court_waits = f"{row.label} is paid."
    elif row.court_filed_on is not None:
        court_waits = f"{row.label} was filed with the court on {us_date(row.court_filed_on)}."
    elif row.pay_by is None or row.pay_by >= today:
        until = f"until {us_date(row.pay_by)}" if row.pay_by else "with no day set"
        court_waits = f"{row.label} may be paid {until}: it is not past due."
    else:
        court_waits = ""
    counter_waits = "" if row.due else f"Nothing is owed on {row.label}."
    return [
        Step("dismiss", "Dismiss…", "D", Permission.ENFORCE, dismiss_waits),
        Step("court", "File with court…", "F", Permission.ENFORCE, court_waits),
        Step(COUNTER, "Take to the counter", "C", Permission.SELL, counter_waits),
        Step(VIOLATION_NOTICE, "Print notice…", "P", NOTICE_MAY),
    ]


# Impounds -----------------------------------------------------------------------------
def impound_facts(view: ImpoundView) -> list[str]:
    dog = view.dog_name or f"not known yet: {view.description}"
    lines = [
        f"Dog: {dog}",
        f"Owner: {view.owner_name or 'not known'}",
        f"Taken in {moment(view.taken_at)} at {view.place} by {view.taken_by}; "
        f"held at {view.held_at}",
        f"Licensed when taken: {'yes' if view.licensed_when_taken else 'no'}; "
        f"licensed now: {'yes' if view.licensed_now else 'no'}",
    ]
    lines += [f"Holding: {period.words}" for period in view.holding]
    if view.charges_refused:
        lines.append(f"Charges: {view.charges_refused}")
    else:
        lines += [f"{line.description}: {dollars(line.amount)}" for line in view.charges]
        paid = "paid" if view.paid else "unpaid"
        lines.append(f"Charges to {moment(view.charges_as_of)}: {dollars(view.total)} ({paid})")
    if view.disposition is not None:
        ended = f"Ended: {view.disposition.value}"
        if view.disposed_at is not None:
            ended += f" on {moment(view.disposed_at)}"
        if view.adopter_name:
            ended += f", adopted by {view.adopter_name}"
        if view.release_receipt_label:
            ended += f", receipt {view.release_receipt_label}"
        lines.append(ended)
        if view.disposition_notes:
            lines.append(f"Notes on the disposition: {view.disposition_notes}")
    if view.notes:
        lines.append(f"Notes: {view.notes}")
    return lines


def impound_steps(view: ImpoundView) -> list[Step]:
    ended = "" if view.held else f"{view.label} ended: {view.disposition}."
    identify_waits = ended or (
        f"{view.label} is {view.dog_name}, on file already." if view.dog_id is not None else ""
    )
    counter_waits = ended or (
        "" if view.owner_id is not None else "The owner is not known yet: identify the dog."
    )
    if view.disposition in RELEASED:
        release_waits = ""
    elif view.held:
        release_waits = f"{view.label} is still held: the receipt is printed at its release."
    else:
        release_waits = f"{view.label} was not released to an owner ({view.disposition})."
    return [
        Step("identify", "Identify…", "I", Permission.ENFORCE, identify_waits),
        Step("dispose", "Dispose…", "D", Permission.ENFORCE, ended),
        Step(COUNTER, "Take to the counter (release)", "C", Permission.SELL, counter_waits),
        Step(RELEASE_PAPER, "Release receipt…", "P", RELEASE_MAY, release_waits),
    ]


# Hearings -----------------------------------------------------------------------------
def hearing_facts(view: HearingView) -> list[str]:
    lines = [
        f"Dog: {view.dog_name}; owner {view.owner_name}, {', '.join(view.owner_address)}",
        f"Complaint of {us_date(view.complaint_on)} by {view.complainant}: {view.complaint}",
        f"Standing: {view.status}",
    ]
    if view.hearing_at is not None:
        notice = f"; notice sent {us_date(view.notice_sent_on)}" if view.notice_sent_on else ""
        lines.append(f"Hearing {moment(view.hearing_at)} at {view.hearing_place}{notice}")
    if view.decision is not None and view.decided_on is not None:
        lines.append(
            f"Decided {us_date(view.decided_on)} by {view.authority}: {view.decision.value}"
        )
        if view.petition_until is not None:
            lines.append(f"Petition to the court by {us_date(view.petition_until)}")
    if view.findings:
        lines.append(f"Findings: {view.findings}")
    for order in view.orders:
        state = (
            f"ended {us_date(order.ended_on)} ({order.ended_reason})"
            if order.ended_on is not None
            else "in force"
        )
        lines.append(f"Order: {order.words}, from {us_date(order.in_force_from)}; {state}")
    if view.court_result:
        on = us_date(view.court_result_on) if view.court_result_on else ""
        lines.append(f"Court: {view.court_result} ({on})")
    for bar in view.bars:
        if bar.lifted_at is not None:
            state = f"lifted ({bar.lifted_reason})"
        elif bar.reported_on is not None:
            state = f"reported {us_date(bar.reported_on)}"
        else:
            state = f"report due by {us_date(bar.report_due)}"
        lines.append(
            f"BAR {bar.id}: {bar.owner_name} may not license a dog from "
            f"{us_date(bar.bar_from)} until {us_date(bar.bar_until)} (order violated "
            f"{us_date(bar.breached_on)}); {state}"
        )
    return lines


def orders_in_force(view: HearingView) -> list[OrderView]:
    return [order for order in view.orders if order.ended_on is None]


def hearing_steps(view: HearingView) -> list[Step]:
    closed = f"{view.label} is closed." if view.closed_at is not None else ""
    decided = (
        f"{view.label} was decided on {us_date(view.decided_on)}."
        if view.decided_on is not None
        else ""
    )
    schedule_waits = closed or decided
    if closed or decided:
        decide_waits = closed or decided
    elif view.hearing_at is None:
        decide_waits = "Schedule the hearing first: a decision follows it."
    else:
        decide_waits = ""
    court_waits = closed or ("" if view.decision is not None else "Not decided yet.")
    breach_waits = "" if orders_in_force(view) else "No order is in force on this complaint."
    unreported = [b for b in view.bars if b.reported_on is None and b.lifted_at is None]
    standing = [b for b in view.bars if b.lifted_at is None]
    report_waits = "" if unreported else "No bar waits for its report."
    lift_waits = "" if standing else "No bar stands on this complaint."
    notice_waits = "" if view.hearing_at is not None else "No hearing is scheduled yet."
    order_waits = "" if view.decision is not None else "Not decided yet: the order follows it."
    end_waits = "" if orders_in_force(view) else "No order is in force on this complaint."
    close_waits = closed or ("" if view.decision is not None else "Decide it before closing.")
    return [
        Step("schedule", "Schedule hearing…", "S", Permission.HEARINGS, schedule_waits),
        Step("decide", "Decide…", "D", Permission.HEARINGS, decide_waits),
        Step("court", "Court result…", "R", Permission.HEARINGS, court_waits),
        Step("breach", "Record breach…", "B", Permission.HEARINGS, breach_waits),
        Step("report", "Report sent…", "P", Permission.HEARINGS, report_waits),
        Step("lift", "Lift bar…", "L", Permission.HEARINGS, lift_waits),
        Step("end_order", "End order…", "E", Permission.HEARINGS, end_waits),
        Step("close", "Close hearing…", "X", Permission.HEARINGS, close_waits),
        Step(HEARING_NOTICE, "Hearing notice…", "N", HEARING_PAPER_MAY, notice_waits),
        Step(HEARING_ORDER, "Print order…", "O", HEARING_PAPER_MAY, order_waits),
        Step(COUNTER, "Take to the counter", "C", Permission.SELL, ""),
    ]
