"""What a certificate and a receipt are told of what happened to a license: a substitute
for a lost tag, a transfer to a new owner, how each receipt was paid, who issued it (by
full name), and the conditions of the license."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from changed_licenses import (
    CLERK_NAME,
    LOST_ON,
    TRANSFERRED_ON,
    Changed,
    sell_replace_and_transfer,
)
from clerkdesk.rules.license_conditions import STATUTORY_CONDITIONS
from clerkdesk.services import documents
from document_support import void_receipt
from small_town import Town


def _rex_and_bella(changed: Changed, town: Town) -> tuple[int, int]:
    by_dog = {x.dog_id: x.license_id for x in changed.sold.licenses}
    return by_dog[town.rex], by_dog[town.bella]


def test_a_substitute_tag_names_the_lost_tag_and_when_it_was_reported_lost(town: Town) -> None:
    # GIVEN Rex licensed with tag 1 on June 1, then tag 1 reported lost on July 14
    changed = sell_replace_and_transfer(town)
    rex, _ = _rex_and_bella(changed, town)
    assert changed.replaced.receipt_id is not None
    # THEN the replacement's receipt says which tag the new one replaces, and when
    receipt = documents.receipt_document(town.database, changed.replaced.receipt_id)
    (line,) = receipt.lines
    assert line.replaced_tag is not None and line.transfer is None
    assert (line.replaced_tag.lost_tag, line.replaced_tag.reported_on) == ("1", LOST_ON)
    assert line.tag == line.replaced_tag.new_tag == changed.replaced.tag
    assert line.replaced_tag.words == "Replacement tag — replaces tag 1, reported lost 07/14/2026"
    # AND the license's certificate is marked a substitute, with both receipts' fees and
    # how each was paid
    (cert,) = documents.license_certificates(town.database, changed.replaced.receipt_id)
    assert cert.license_id == rex and cert.replaced_tag == line.replaced_tag
    assert cert.tag == changed.replaced.tag and cert.receipt_label == "2026-000001"
    assert [f.description for f in cert.fees][-1] == "Duplicate tag"
    assert [(p.receipt_label, [t.kind for t in p.tenders]) for p in cert.payments] == [
        ("2026-000001", ["check"]),
        (receipt.label, ["cash"]),
    ]
    assert cert.payments[1].words == (
        f"Paid by cash on receipt {receipt.label} of 07/14/2026 (receipt total $1.00)"
    )


def test_a_voided_substitute_is_no_longer_said(town: Town) -> None:
    changed = sell_replace_and_transfer(town)
    rex, _ = _rex_and_bella(changed, town)
    assert changed.replaced.receipt_id is not None
    void_receipt(
        town.database,
        changed.replaced.receipt_id,
        dt.datetime.combine(LOST_ON, dt.time(11, 0), tzinfo=town.clock.now().tzinfo),
        "clerk",
        "the old tag turned up",
    )
    cert = documents.certificate_for_license(town.database, rex)
    assert cert.replaced_tag is None and cert.tag == "1"
    assert [p.receipt_label for p in cert.payments] == ["2026-000001"]
    assert "Duplicate tag" not in [f.description for f in cert.fees]


def test_a_transfer_names_the_license_it_replaces_and_its_former_owner(town: Town) -> None:
    # GIVEN Bella licensed to Jane Doe on June 1, then transferred to John Smith
    changed = sell_replace_and_transfer(town)
    _, bella = _rex_and_bella(changed, town)
    former = next(x for x in changed.sold.licenses if x.license_id == bella)
    assert changed.transferred.receipt_id is not None
    # THEN the transfer's receipt and certificate name the license it replaces
    receipt = documents.receipt_document(town.database, changed.transferred.receipt_id)
    (line,) = receipt.lines
    assert line.transfer is not None and line.replaced_tag is None
    (cert,) = documents.license_certificates(town.database, changed.transferred.receipt_id)
    assert cert.transfer == line.transfer
    assert (cert.transfer.former_license_number, cert.transfer.former_owner) == (
        former.number,
        "Jane Doe",
    )
    assert cert.transfer.transferred_on == TRANSFERRED_ON
    assert cert.owner.name == "John Smith" and cert.tag == former.tag
    assert cert.transfer.words == (
        f"Change of owner: replaces license No. {former.number} (2026–27) of Jane Doe, "
        "transferred 08/03/2026"
    )
    (payment,) = cert.payments
    assert payment.tenders[0].description == "Check no. 5550"
    assert payment.total == cert.fee_total == Decimal("1.25")
    # AND the license it replaced says nothing of a transfer it did not receive
    old = documents.certificate_for_license(town.database, bella)
    assert old.transfer is None and old.status == "transferred"


def test_the_issuing_clerk_is_named_by_full_name_and_the_conditions_are_the_laws(
    town: Town,
) -> None:
    changed = sell_replace_and_transfer(town)
    receipt = documents.receipt_document(town.database, changed.sold.receipt_id)
    certs = documents.license_certificates(town.database, changed.sold.receipt_id)
    assert receipt.issued_by == CLERK_NAME
    assert {c.issued_by for c in certs} == {CLERK_NAME}
    # The Westborough preset keeps the default condition (the tag rule): printed once, as
    # the second statutory one, and nothing of the town's own after them.
    cert = certs[0]
    assert [(c.text, c.citation) for c in cert.statutory_conditions] == list(STATUTORY_CONDITIONS)
    assert cert.conditions == ""
