"""A nuisance or dangerous dog complaint under MGL c.140 §157, as Fairhaven's Chapter 87
words it (seed 002): filed by the officer, the hearing set, decided once with its orders,
reviewed by the court, closed; each refusal in words, with nothing changed. On SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DesignationKind, DogDesignation, DogHearing, DogOrder
from clerkdesk.rules.enforcement_kinds import HearingDecision, OrderKind
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.enforcement import hearings
from clerkdesk.services.enforcement.hearings import DecisionInput, OrderInput
from enforcement_towns import (
    ACO,
    ASSISTANT,
    BOARD,
    CLERK,
    DECIDED,
    HEARD,
    TREASURER,
    HearingTown,
    complaint,
    dangerous_with_muzzle,
    filed_and_heard,
    hearing_town,
    muzzle_decision,
)


@pytest.fixture
def town(database: Database, clock: FixedClock) -> HearingTown:
    return hearing_town(database, clock)


def _count(database: Database, model: type) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_a_complaint_is_numbered_and_names_the_dogs_owner(town: HearingTown) -> None:
    # GIVEN Fairhaven, WHEN the officer files a written complaint about Rex
    hearing_id, label = hearings.file_complaint(
        town.database, complaint(town.rex), actor=ACO, clock=town.clock
    )
    # THEN it is H2026-0001, against Jane, waiting for its hearing
    assert label == "H2026-0001"
    view = hearings.hearing_view(town.database, hearing_id)
    assert (view.dog_name, view.owner_name, view.owner_id) == ("Rex", "Jane Doe", town.jane)
    assert view.owner_address == ("12 Elm St", "Fairhaven, MA 02719")
    assert view.status == "complaint filed"
    assert view.decision is None and view.petition_until is None and view.orders == ()
    second = hearings.file_complaint(
        town.database, complaint(town.max), actor=CLERK, clock=town.clock
    )
    assert second[1] == "H2026-0002"


def test_a_treasurer_cannot_file_a_complaint(town: HearingTown) -> None:
    with pytest.raises(PermissionDenied) as refused:
        hearings.file_complaint(
            town.database, complaint(town.rex), actor=TREASURER, clock=town.clock
        )
    assert "treasurer" in refused.value.message and "complaints" in refused.value.message
    # Even with the form empty, the role is what is refused.
    with pytest.raises(PermissionDenied):
        hearings.file_complaint(
            town.database,
            hearings.ComplaintInput(town.rex, town.clock.today(), "", ""),
            actor=TREASURER,
            clock=town.clock,
        )
    assert _count(town.database, DogHearing) == 0


def test_a_complaint_needs_its_words_and_a_day_not_to_come(town: HearingTown) -> None:
    with pytest.raises(ValidationError) as refused:
        hearings.file_complaint(
            town.database,
            hearings.ComplaintInput(town.rex, dt.date(2026, 6, 2), " ", "\x1b[31m"),
            actor=ACO,
            clock=town.clock,
        )
    words = refused.value.message
    assert "future" in words and "complainant is required" in words and "escape" in words
    with pytest.raises(ValidationError, match="dog is not on file"):
        hearings.file_complaint(town.database, complaint(99999), actor=ACO, clock=town.clock)
    assert _count(town.database, DogHearing) == 0


def test_the_hearing_is_set_on_the_towns_clock(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    view = hearings.hearing_view(town.database, hearing_id)
    assert view.hearing_at == HEARD
    assert view.status == "hearing set for 05/20/2026 18:30"
    # A time typed without a zone is the town's.
    hearings.schedule_hearing(
        town.database,
        hearing_id,
        hearing_at=dt.datetime(2026, 5, 27, 19, 0),  # noqa: DTZ001 - the town's time
        place="Town Hall",
        notice_sent_on=None,
        actor=CLERK,
        clock=town.clock,
    )
    assert hearings.hearing_view(town.database, hearing_id).status == (
        "hearing set for 05/27/2026 19:00"
    )
    with pytest.raises(ValidationError, match="before the complaint"):
        hearings.schedule_hearing(
            town.database,
            hearing_id,
            hearing_at=dt.datetime(2026, 5, 1, 9, 0),  # noqa: DTZ001
            place="Town Hall",
            notice_sent_on=None,
            actor=CLERK,
            clock=town.clock,
        )
    with pytest.raises(PermissionDenied):
        hearings.schedule_hearing(
            town.database,
            hearing_id,
            hearing_at=HEARD,
            place="Town Hall",
            notice_sent_on=None,
            actor=ACO,
            clock=town.clock,
        )


def test_dangerous_with_a_muzzle_order_marks_the_dog_and_gives_the_order(
    town: HearingTown,
) -> None:
    # GIVEN a complaint heard on May 20, WHEN the board deems Rex dangerous on May 21
    hearing_id, order_id = dangerous_with_muzzle(town)
    view = hearings.hearing_view(town.database, hearing_id)
    # THEN the decision, the petition window (10 days after the order) and the order
    assert view.decision is HearingDecision.DANGEROUS
    assert view.status == "decided: dangerous"
    assert (view.decided_on, view.authority) == (DECIDED, BOARD)
    assert view.petition_until == dt.date(2026, 5, 31)
    (order,) = view.orders
    assert order.id == order_id and order.kind is OrderKind.MUZZLE_LEASH
    assert order.words == "muzzled and leashed off the owner's premises: basket muzzle"
    assert (order.in_force_from, order.ended_on) == (DECIDED, None)
    # AND Rex is designated dangerous from that day, the order in words (the counter's badge)
    with town.database.read() as session:
        (designation,) = session.scalars(
            select(DogDesignation).where(DogDesignation.dog_id == town.rex)
        ).all()
        assert designation.kind is DesignationKind.DANGEROUS
        assert (designation.since, designation.until) == (DECIDED, None)
        assert designation.order_text == order.words
        assert designation.evidence == f"Hearing H2026-0001, {BOARD}"
        stored = session.get(DogOrder, order_id)
        assert stored is not None and stored.owner_id == town.jane


def test_a_decision_is_made_once(town: HearingTown) -> None:
    hearing_id, _order = dangerous_with_muzzle(town)
    with pytest.raises(ValidationError, match="court's result changes a decision"):
        hearings.decide(
            town.database,
            hearing_id,
            DecisionInput(HearingDecision.NUISANCE, DECIDED, BOARD, None),
            actor=CLERK,
            clock=town.clock,
        )
    assert _count(town.database, DogOrder) == 1


def test_no_decision_before_a_hearing_or_before_its_day(town: HearingTown) -> None:
    hearing_id, _label = hearings.file_complaint(
        town.database, complaint(town.rex), actor=ACO, clock=town.clock
    )
    with pytest.raises(ValidationError, match="schedule the hearing before deciding"):
        hearings.decide(town.database, hearing_id, muzzle_decision(), actor=CLERK, clock=town.clock)
    filed = filed_and_heard(town)
    early = DecisionInput(HearingDecision.DISMISSED, dt.date(2026, 5, 19), BOARD, None)
    with pytest.raises(ValidationError, match="before the hearing of 05/20/2026"):
        hearings.decide(town.database, filed, early, actor=CLERK, clock=town.clock)
    assert _count(town.database, DogOrder) == 0


@pytest.mark.parametrize(
    ("decision", "orders", "words"),
    [
        (HearingDecision.DISMISSED, (OrderInput(OrderKind.RESTRAINT),), "gives no orders"),
        (HearingDecision.NUISANCE, (OrderInput(OrderKind.EUTHANASIA),), "only for a dog deemed"),
        (HearingDecision.DANGEROUS, (), "one or more of the orders"),
        (HearingDecision.DANGEROUS, (OrderInput(OrderKind.OTHER, "fence"),), "one or more"),
        (
            HearingDecision.DANGEROUS,
            (OrderInput(OrderKind.MUZZLE_LEASH), OrderInput(OrderKind.REMOVAL)),
            "No order may remove",
        ),
        (HearingDecision.NUISANCE, (OrderInput(OrderKind.OTHER),), "conditions in words"),
        (
            HearingDecision.DANGEROUS,
            (OrderInput(OrderKind.CONFINEMENT), OrderInput(OrderKind.CONFINEMENT, "pen")),
            "given twice",
        ),
    ],
)
def test_orders_157_does_not_allow_are_refused(
    town: HearingTown,
    decision: HearingDecision,
    orders: tuple[OrderInput, ...],
    words: str,
) -> None:
    hearing_id = filed_and_heard(town)
    with pytest.raises(ValidationError, match=words):
        hearings.decide(
            town.database,
            hearing_id,
            DecisionInput(decision, DECIDED, BOARD, None, orders),
            actor=CLERK,
            clock=town.clock,
        )
    assert hearings.hearing_view(town.database, hearing_id).decision is None
    assert _count(town.database, DogOrder) == _count(town.database, DogDesignation) == 0


def test_a_nuisance_dog_may_be_ordered_to_remedy_it(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    barking = OrderInput(OrderKind.OTHER, "keep Rex indoors from 9 PM to 7 AM")
    hearings.decide(
        town.database,
        hearing_id,
        DecisionInput(HearingDecision.NUISANCE, DECIDED, BOARD, "Barking all night.", (barking,)),
        actor=CLERK,
        clock=town.clock,
    )
    view = hearings.hearing_view(town.database, hearing_id)
    assert [o.words for o in view.orders] == ["keep Rex indoors from 9 PM to 7 AM"]
    with town.database.read() as session:
        kinds = session.scalars(select(DogDesignation.kind)).all()
    assert kinds == [DesignationKind.NUISANCE]


def test_a_dismissed_complaint_marks_nothing(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    hearings.decide(
        town.database,
        hearing_id,
        DecisionInput(HearingDecision.DISMISSED, DECIDED, BOARD, "Provoked: §157(a)(iii)."),
        actor=CLERK,
        clock=town.clock,
    )
    view = hearings.hearing_view(town.database, hearing_id)
    assert view.status == "decided: dismissed" and view.orders == ()
    assert _count(town.database, DogDesignation) == 0


def test_an_assistant_clerk_cannot_close_a_hearing_and_the_clerk_can(town: HearingTown) -> None:
    hearing_id, _order = dangerous_with_muzzle(town)
    with pytest.raises(PermissionDenied) as refused:
        hearings.close_hearing(town.database, hearing_id, actor=ASSISTANT, clock=town.clock)
    assert "assistant clerk" in refused.value.message
    assert hearings.hearing_view(town.database, hearing_id).closed_at is None
    hearings.close_hearing(town.database, hearing_id, actor=CLERK, clock=town.clock)
    view = hearings.hearing_view(town.database, hearing_id)
    assert view.status == "closed" and view.closed_at is not None
    # Closed is closed; its order binds still.
    assert view.orders[0].ended_on is None
    with pytest.raises(ValidationError, match="was closed on 06/01/2026"):
        hearings.close_hearing(town.database, hearing_id, actor=CLERK, clock=town.clock)


def test_an_undecided_hearing_is_not_closed(town: HearingTown) -> None:
    hearing_id = filed_and_heard(town)
    with pytest.raises(ValidationError, match="record the decision before closing"):
        hearings.close_hearing(town.database, hearing_id, actor=CLERK, clock=town.clock)


def test_the_list_finds_open_hearings_by_name_and_reference(town: HearingTown) -> None:
    rex_case, _order = dangerous_with_muzzle(town)
    max_case, _label = hearings.file_complaint(
        town.database, complaint(town.max), actor=ACO, clock=town.clock
    )
    hearings.close_hearing(town.database, rex_case, actor=CLERK, clock=town.clock)
    assert [v.id for v in hearings.list_hearings(town.database)] == [max_case, rex_case]
    assert [v.id for v in hearings.list_hearings(town.database, open_only=True)] == [max_case]
    assert [v.id for v in hearings.list_hearings(town.database, text="smith")] == [max_case]
    assert [v.id for v in hearings.list_hearings(town.database, text="H2026-0001")] == [rex_case]
    assert hearings.list_hearings(town.database, text="100%_") == []
