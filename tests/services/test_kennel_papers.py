"""A kennel license's papers again: its certificate and receipt reprinted marked REPRINT and
recorded as the counter's reprints are, listed with their counts; a batch's certificates in
one PDF; and the inspector named as the person, not the sign-in name."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.errors import ClerkDeskError
from clerkdesk.models import DocumentReprint, KennelInspection
from clerkdesk.reports.kennel_certificate_pdf import render_kennel_certificates
from clerkdesk.rules.kinds import InspectionResult, PrintedKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import kennels
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.kennel_documents import kennel_certificate, kennel_certificates
from clerkdesk.services.kennel_licensing import (
    KennelSaleRequest,
    KennelSaleResult,
    sell_kennel_license,
)
from clerkdesk.services.kennel_papers import kennel_papers
from clerkdesk.services.kennel_views import kennel_card
from clerkdesk.services.reprints import reprint, reprint_history
from clerkdesk.services.users import DEMO_HASHER, add_user
from pdf_support import page_texts
from services.kennel_support import KennelTown, add_kennel_with_dogs, inspect, make_kennel_town
from small_town import CLERK, Town, check

ADMIN = staff("boss", Role.ADMINISTRATOR)


@pytest.fixture
def kt(town: Town) -> KennelTown:
    return make_kennel_town(town)


def _sell(town: Town, kennel: int) -> KennelSaleResult:
    request = KennelSaleRequest(kennel, (check(),))
    return sell_kennel_license(town.database, request, actor=CLERK, clock=town.clock)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_a_kennel_certificate_and_its_receipt_reprint_marked_and_recorded(kt: KennelTown) -> None:
    town = kt.town
    sold = _sell(town, kt.kennel)
    # WHEN the clerk reprints the kennel certificate, then its receipt
    done = reprint(
        town.database,
        PrintedKind.KENNEL_CERTIFICATE,
        sold.kennel_license_id,
        actor=CLERK,
        clock=town.clock,
        reason="keeper lost it",
    )
    receipt = reprint(
        town.database, PrintedKind.RECEIPT, sold.receipt_id, actor=CLERK, clock=town.clock
    )
    # THEN each says REPRINT, when and by whom, over the document as it was sold
    text = _flat(page_texts(done.pdf)[0])
    assert "REPRINT" in text and "by clerk" in text
    assert sold.license_label in text and "Maple Hill Kennel" in text
    assert done.title == f"Kennel license {sold.license_label}" and done.reprints == 1
    assert "REPRINT" in _flat(page_texts(receipt.pdf)[0])
    # AND each is one row of the reprints, naming its document
    with town.database.read() as session:
        rows = session.scalars(select(DocumentReprint).order_by(DocumentReprint.id)).all()
        assert [(r.kind, r.kennel_license_id, r.receipt_id, r.license_id) for r in rows] == [
            (PrintedKind.KENNEL_CERTIFICATE, sold.kennel_license_id, None, None),
            (PrintedKind.RECEIPT, None, sold.receipt_id, None),
        ]
    [entry] = reprint_history(town.database, PrintedKind.KENNEL_CERTIFICATE, done.document_id)
    assert entry.reason == "keeper lost it" and entry.label == sold.license_label
    # AND the kennel's papers list the certificate then the receipt, each reprinted once
    papers = kennel_papers(town.database, kt.kennel)
    assert [(p.kind, p.label, p.reprints) for p in papers] == [
        (PrintedKind.KENNEL_CERTIFICATE, sold.license_label, 1),
        (PrintedKind.RECEIPT, sold.receipt_label, 1),
    ]
    assert papers[0].last_reprinted_by == "clerk" and papers[0].status == "issued"


def test_a_second_reprint_counts_on_and_a_new_kennel_has_no_papers(kt: KennelTown) -> None:
    town = kt.town
    sold = _sell(town, kt.kennel)
    for _ in range(2):
        last = reprint(
            town.database,
            PrintedKind.KENNEL_CERTIFICATE,
            sold.kennel_license_id,
            actor=CLERK,
            clock=town.clock,
        )
    assert last.reprints == 2
    other, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)], max_dogs=4)
    assert kennel_papers(town.database, other) == []


@pytest.mark.parametrize("role", [Role.TREASURER, Role.ANIMAL_CONTROL])
def test_a_role_that_may_not_reprint_is_refused_in_words_and_nothing_is_recorded(
    kt: KennelTown, role: Role
) -> None:
    town = kt.town
    sold = _sell(town, kt.kennel)
    with pytest.raises(PermissionDenied) as refused:
        reprint(
            town.database,
            PrintedKind.KENNEL_CERTIFICATE,
            sold.kennel_license_id,
            actor=staff("someone", role),
            clock=town.clock,
        )
    # A refusal the screens show in words (never the crash handler).
    assert isinstance(refused.value, ClerkDeskError)
    assert "may not reprint" in str(refused.value)
    with town.database.read() as session:
        assert session.scalars(select(DocumentReprint)).all() == []


def test_a_batch_of_kennel_certificates_is_one_pdf_a_kennel_from_a_new_page(
    kt: KennelTown,
) -> None:
    town = kt.town
    other, _dogs = add_kennel_with_dogs(town, "Birch Lane Kennel", [("Max", None)], max_dogs=4)
    inspect(town, other)
    first, second = _sell(town, kt.kennel), _sell(town, other)
    docs = kennel_certificates(town.database, [first.kennel_license_id, second.kennel_license_id])
    pages = [_flat(t) for t in page_texts(render_kennel_certificates(docs))]
    assert len(pages) == 2
    assert "Maple Hill Kennel" in pages[0] and first.receipt_label in pages[0]
    assert "Birch Lane Kennel" in pages[1] and second.receipt_label in pages[1]
    assert not any("REPRINT" in page for page in pages)


def test_the_inspector_is_named_as_the_person_not_the_sign_in_name(town: Town) -> None:
    # GIVEN the office's animal control officer, aco, is Dana Reyes
    add_user(town.database, "boss", Role.ADMINISTRATOR, "boss-password", "Pat Boss",
             actor=None, clock=town.clock, hasher=DEMO_HASHER)  # fmt: skip
    add_user(town.database, "aco", Role.ANIMAL_CONTROL, "aco-password", "Dana  Reyes",
             actor=ADMIN, clock=town.clock, hasher=DEMO_HASHER)  # fmt: skip
    kennel, _dogs = add_kennel_with_dogs(town, "Maple Hill Kennel", [("Duke", None)])
    # AND an inspection recorded under the sign-in name, as an earlier version wrote it
    kennels.record_inspection(
        town.database,
        kennels.InspectionInput(kennel, 2026, dt.date(2026, 5, 15), InspectionResult.PASSED,
                                "aco"),
        actor=staff("aco", Role.ANIMAL_CONTROL),
        clock=town.clock,
    )  # fmt: skip
    sold = _sell(town, kennel)
    # THEN the certificate, the card and the list name Dana Reyes
    doc = kennel_certificate(town.database, sold.kennel_license_id)
    assert doc.inspection == "Passed 05/15/2026 (Dana Reyes)"
    card = kennel_card(town.database, kennel, on=town.clock.today())
    assert [i.inspector for i in card.inspections] == ["Dana Reyes"]
    # AND what was written stays as it was
    with town.database.read() as session:
        assert session.scalars(select(KennelInspection.inspector)).all() == ["aco"]
