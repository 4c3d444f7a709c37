"""What each ``clerkdesk hearing …`` command does: read its arguments (a mistake is one
line, exit 2, before anything is written), call the hearing services, and print what was
done, naming each order's and bar's number so the next command can name it."""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import enum
import json
import re
from typing import TYPE_CHECKING, Any

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.kennel_args import record_id

if TYPE_CHECKING:
    from clerkdesk.services.enforcement.hearing_views import BarView, HearingView, OrderView

_MOMENT = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})")


def _day(option: str, text: str) -> dt.date:
    from clerkdesk.errors import ValidationError
    from clerkdesk.rules.periods import iso_day

    try:
        return iso_day(text, field=option)
    except ValidationError as exc:
        fail(f"{option}: {exc.message}")


def _moment(option: str, text: str) -> dt.datetime:
    """A date and time on the town's clock, as a notice writes it: no seconds, no zone."""
    found = _MOMENT.fullmatch(text.strip()) if text.isascii() else None
    if found is None:
        fail(f"{option}: a date and time is written YYYY-MM-DD HH:MM (such as 2026-05-20 18:30)")
    year, month, day, hour, minute = (int(part) for part in found.groups())
    try:
        day_ = _day(option, f"{year:04d}-{month:02d}-{day:02d}")
        return dt.datetime.combine(day_, dt.time(hour, minute))
    except ValueError:
        fail(f"{option}: {text.strip()!r} is not a time of day")


def _orders(texts: list[str]) -> tuple[Any, ...]:
    from clerkdesk.rules.enforcement_kinds import OrderKind
    from clerkdesk.services.enforcement.hearings import OrderInput

    found = []
    for text in texts:
        kind, _, conditions = text.partition(":")
        name = kind.strip().lower().replace("-", "_")
        if name not in OrderKind._value2member_map_:
            kinds = ", ".join(k.value for k in OrderKind)
            fail(f"--order: {kind.strip()[:40]!r} is not an order (orders: {kinds})")
        found.append(OrderInput(OrderKind(name), conditions.strip()))
    return tuple(found)


def _hearing(ctx: CliContext, ref: str) -> tuple[Any, int]:
    """The database (signed in first) and the complaint REF names."""
    from clerkdesk.services.enforcement.hearings import hearing_id_of

    database = ctx.database()
    return database, hearing_id_of(database, ref)


def handle_complaint(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.hearings import ComplaintInput, file_complaint

    dog_id = record_id("--dog", args.dog)
    on = _day("--on", args.on)
    database = ctx.database()
    data = ComplaintInput(dog_id, on, args.complainant, args.text)
    hearing_id, label = file_complaint(database, data, actor=ctx.actor(), clock=ctx.clock)
    if args.json:
        out(json.dumps({"id": hearing_id, "label": label}))
        return 0
    view = _view(database, hearing_id)
    out(f"{label} filed: complaint about {view.dog_name}, owner {view.owner_name}")
    return 0


def handle_schedule(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.hearings import schedule_hearing

    at = _moment("--at", args.at)
    notice = _day("--notice-sent", args.notice_sent) if args.notice_sent is not None else None
    database, hearing_id = _hearing(ctx, args.ref)
    schedule_hearing(
        database,
        hearing_id,
        hearing_at=at,
        place=args.place,
        notice_sent_on=notice,
        actor=ctx.actor(),
        clock=ctx.clock,
    )
    view = _view(database, hearing_id)
    sent = f"; notice sent {us_date(notice)}" if notice else "; no notice sent yet"
    out(f"{view.label}: {view.status} at {view.hearing_place}{sent}")
    return 0


def handle_decide(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.enforcement_kinds import HearingDecision
    from clerkdesk.rules.hearing_dates import petition_words
    from clerkdesk.services.enforcement.hearings import DecisionInput, decide

    on = _day("--on", args.on)
    orders = _orders(args.order)
    data = DecisionInput(HearingDecision(args.decision), on, args.authority, args.findings, orders)
    database, hearing_id = _hearing(ctx, args.ref)
    decide(database, hearing_id, data, actor=ctx.actor(), clock=ctx.clock)
    view = _view(database, hearing_id)
    out(f"{view.label} decided: {args.decision}")
    for order in view.orders:
        out(_order_line(order))
    if view.decided_on is not None and view.decision is not HearingDecision.DISMISSED:
        out(f"petition to the district court: {petition_words(view.decided_on)}")
    return 0


def handle_court(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.hearings import record_court_result

    on = _day("--on", args.on)
    database, hearing_id = _hearing(ctx, args.ref)
    record_court_result(
        database,
        hearing_id,
        result=args.result,
        on=on,
        orders_end=args.orders_end,
        actor=ctx.actor(),
        clock=ctx.clock,
    )
    view = _view(database, hearing_id)
    ended = f"; its orders end {us_date(on)}" if args.orders_end else "; its orders stand"
    out(f"{view.label}: court result of {us_date(on)} recorded{ended}")
    return 0


def handle_close(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.hearings import close_hearing

    database, hearing_id = _hearing(ctx, args.ref)
    close_hearing(database, hearing_id, actor=ctx.actor(), clock=ctx.clock)
    view = _view(database, hearing_id)
    standing = sum(1 for o in view.orders if o.in_force(ctx.clock.today()))
    out(f"{view.label} closed; orders still in force: {standing}")
    return 0


def handle_end_order(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.orders import end_order

    order_id = record_id("ORDER_ID", args.order_id)
    on = _day("--on", args.on)
    database = ctx.database()
    end_order(database, order_id, on=on, reason=args.reason, actor=ctx.actor(), clock=ctx.clock)
    out(f"order {order_id} ended: no longer in force from {us_date(on)}")
    return 0


def handle_breach(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.bars import record_breach
    from clerkdesk.services.enforcement.hearing_views import bar_of

    order_id = record_id("ORDER_ID", args.order_id)
    on = _day("--on", args.on)
    database = ctx.database()
    bar_id = record_breach(
        database, order_id, breached_on=on, notes=args.notes, actor=ctx.actor(), clock=ctx.clock
    )
    # Just recorded: the report's day, however late the breach was recorded.
    bar = bar_of(database, bar_id)
    out(_bar_line(bar, bar.breached_on))
    return 0


def handle_reported(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.bars import record_report

    bar_id = record_id("BAR_ID", args.bar_id)
    on = _day("--on", args.on)
    database = ctx.database()
    record_report(database, bar_id, reported_on=on, actor=ctx.actor(), clock=ctx.clock)
    out(f"bar {bar_id}: reported to the licensing authority on {us_date(on)}")
    return 0


def handle_lift_bar(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.enforcement.bars import lift_bar

    bar_id = record_id("BAR_ID", args.bar_id)
    database = ctx.database()
    lift_bar(database, bar_id, reason=args.reason, actor=ctx.actor(), clock=ctx.clock)
    out(f"bar {bar_id} lifted: it holds no more")
    return 0


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.hearings import list_hearings

    rows = list_hearings(ctx.database(), open_only=args.open)
    if args.json:
        out(json.dumps([plain(row) for row in rows], ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        cells = (row.label, row.dog_name, row.owner_name, us_date(row.complaint_on), row.status)
        out("\t".join(" ".join(cell.split()) for cell in cells))
    return 0


def handle_show(args: argparse.Namespace, ctx: CliContext) -> int:
    database, hearing_id = _hearing(ctx, args.ref)
    view = _view(database, hearing_id)
    if args.json:
        out(json.dumps(plain(view), ensure_ascii=False, indent=2))
        return 0
    for line in card_lines(view, ctx.clock.today()):
        out(line)
    return 0


def card_lines(view: HearingView, today: dt.date) -> list[str]:
    """The complaint as the terminal shows it, one fact a line."""
    from clerkdesk.rules.dates import us_date
    from clerkdesk.rules.hearing_dates import petition_words

    lines = [
        f"{view.label}  {view.status}",
        f"dog: {view.dog_name} (dog {view.dog_id})",
        f"owner: {view.owner_name} (owner {view.owner_id}), {', '.join(view.owner_address)}",
        f"complaint: {us_date(view.complaint_on)} by {view.complainant}",
        f"  {' '.join(view.complaint.split())}",
    ]
    if view.hearing_at is not None:
        sent = f"; notice sent {us_date(view.notice_sent_on)}" if view.notice_sent_on else ""
        lines.append(f"hearing: {view.hearing_at:%m/%d/%Y %H:%M} at {view.hearing_place}{sent}")
    if view.decision is not None and view.decided_on is not None:
        lines.append(
            f"decision: {view.decision.value} on {us_date(view.decided_on)} by {view.authority}"
        )
        if view.findings:
            lines.append(f"findings: {' '.join(view.findings.split())}")
        if view.orders:
            lines.append(f"petition to the district court: {petition_words(view.decided_on)}")
    lines.extend(_order_line(order) for order in view.orders)
    if view.court_result is not None and view.court_result_on is not None:
        lines.append(f"court: {us_date(view.court_result_on)}: {view.court_result}")
    lines.extend(_bar_line(bar, today) for bar in view.bars)
    return lines


def _order_line(order: OrderView) -> str:
    from clerkdesk.rules.dates import us_date

    if order.ended_on is not None:
        state = f"ended {us_date(order.ended_on)} ({order.ended_reason})"
    else:
        state = "in force"
    return f"order {order.id}: {order.words}; from {us_date(order.in_force_from)}, {state}"


def _bar_line(bar: BarView, today: dt.date) -> str:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.enforcement.hearing_views import due_words

    head = (
        f"bar {bar.id}: {bar.owner_name} may not license a dog from {us_date(bar.bar_from)} "
        f"through {us_date(bar.last_day)} (order {bar.order_id} violated "
        f"{us_date(bar.breached_on)}, MGL c.140 §157)"
    )
    if bar.lifted_at is not None:
        return f"{head}; lifted: {bar.lifted_reason}"
    return f"{head}; {due_words(bar, today)}"


def _view(database: Any, hearing_id: int) -> HearingView:
    from clerkdesk.services.enforcement.hearings import hearing_view

    return hearing_view(database, hearing_id)


def plain(value: Any) -> Any:
    """A view as JSON holds it: days and moments ISO, kinds by value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    return value
