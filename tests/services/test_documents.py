"""What the printed receipt and certificates say, read back from the database."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, License, Owner, RabiesCertificate, TenderKind
from clerkdesk.services import documents
from clerkdesk.services.dog_changes import replace_tag
from clerkdesk.services.payments import TenderInput
from document_support import CHECK_NUMBER, CLERK, WAIVER, Sale, license_two_dogs, void_receipt


@pytest.fixture
def sale(database: Database, clock: FixedClock) -> Sale:
    return license_two_dogs(database, clock)


def test_receipt_says_who_paid_what_for_which_dog_and_how(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    # WHEN the clerk prints the receipt for the two dogs
    doc = documents.receipt_document(database, sale.receipt_id)
    # THEN it names the office, the receipt and the moment in Eastern time
    assert doc.heading.town == "Town of Westborough"
    assert doc.heading.office == "Office of the Town Clerk"
    assert doc.heading.bylaw == "Westborough General Bylaws, Article 19"
    assert doc.label == sale.result.receipt_label == "2026-000001"
    assert doc.issued_at == clock.now()
    assert (doc.issued_at.hour, doc.issued_at.minute) == (10, 30)
    assert doc.issued_at.utcoffset() == dt.timedelta(hours=-4)
    assert doc.issued_by == CLERK.name
    with database.read() as session:
        owner = session.get(Owner, sale.owner_id)
        assert owner is not None
        assert doc.payer_name == owner.display_name
        assert doc.payer_address[0].startswith(owner.street)
        assert doc.payer_address[-1] == f"{owner.city}, MA {owner.postal_code}"
        names = {d: session.get(Dog, d).name for d in sale.dog_ids}  # type: ignore[union-attr]
    # AND every line, grouped by dog, with its license and tag, account and citation
    issued = {lic.dog_name: lic for lic in sale.result.licenses}
    assert [line.position for line in doc.lines] == list(range(1, len(doc.lines) + 1))
    assert {line.dog_name for line in doc.lines} == set(names.values())
    for line in doc.lines:
        assert line.dog_name is not None
        assert line.license_number == issued[line.dog_name].number
        assert line.tag == str(issued[line.dog_name].tag_number)
        assert line.account == "Dog licenses"
        assert line.citation.startswith("Art. 19 §")
    licenses = [line for line in doc.lines if line.code == "dog_license"]
    assert len(licenses) == 2 and all(line.citation == "Art. 19 §11" for line in licenses)
    # AND the first dog's late fee shows as waived, with what was quoted and why
    waived = [line for line in doc.lines if line.waived]
    assert waived and {line.dog_name for line in waived} == {names[sale.waived_dog_id]}
    for line in waived:
        assert line.amount == Decimal("0.00") and line.quoted_amount > 0
        assert line.waiver_reason == WAIVER and line.citation == "Art. 19 §2C"
    # AND the check that paid it all, the total, and no void
    assert doc.total == sale.result.total == sum(line.amount for line in doc.lines)
    assert len(doc.tenders) == 1
    tender = doc.tenders[0]
    assert (tender.kind, tender.reference, tender.amount) == ("check", CHECK_NUMBER, doc.total)
    assert tender.description == "Check no. 1234"
    assert doc.paid == doc.total and doc.change_due == Decimal("0.00")
    assert doc.void is None and not doc.is_void


def test_a_voided_receipt_carries_who_voided_it_when_and_why(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    when = clock.now() + dt.timedelta(days=2)
    void_receipt(database, sale.receipt_id, when, "tclerk", "Check returned by the bank")
    doc = documents.receipt_document(database, sale.receipt_id)
    assert doc.is_void and doc.void is not None
    assert doc.void.voided_at == when and doc.void.voided_by == "tclerk"
    assert doc.void.reason == "Check returned by the bank"


def test_one_certificate_per_license_with_dog_owner_rabies_and_fee(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    # WHEN the certificates for the receipt are gathered
    certs = documents.license_certificates(database, sale.receipt_id)
    # THEN there is one for each license, in the receipt's order
    assert [c.license_id for c in certs] == [lic.license_id for lic in sale.result.licenses]
    receipt = documents.receipt_document(database, sale.receipt_id)
    assert sum(c.fee_total for c in certs) == receipt.total
    with database.read() as session:
        for cert, issued in zip(certs, sale.result.licenses, strict=True):
            license_row = session.get(License, issued.license_id)
            dog = session.get(Dog, issued.dog_id)
            owner = session.get(Owner, sale.owner_id)
            assert license_row is not None and dog is not None and owner is not None
            rabies = session.get(RabiesCertificate, license_row.rabies_certificate_id)
            assert rabies is not None
            assert cert.heading.town == "Town of Westborough"
            assert (cert.license_number, cert.tag) == (issued.number, str(issued.tag_number))
            assert cert.license_year_label == "2026–27"
            assert (cert.license_year_start, cert.license_year_end) == (
                dt.date(2026, 4, 1),
                dt.date(2027, 3, 31),
            )
            assert cert.in_force and cert.status == "issued"
            assert (cert.dog.name, cert.dog.color) == (dog.name, dog.color)
            assert cert.dog.breed.startswith(dog.breed)
            assert cert.dog.sex.startswith("Female" if dog.sex.value == "female" else "Male")
            assert "spayed" in cert.dog.sex or "neutered" in cert.dog.sex
            assert cert.dog.microchip == dog.microchip
            assert cert.dog.birth_date == dog.birth_date
            assert cert.owner.name == owner.display_name
            assert cert.owner.phone == owner.phone
            assert cert.owner.residence[-1] == f"{owner.city}, MA {owner.postal_code}"
            assert cert.rabies is not None and not cert.rabies.exemption
            assert cert.rabies.expires_on == rabies.expires_on >= cert.issued_at.date()
            assert cert.rabies.vaccine == rabies.vaccine
            assert cert.rabies.rabies_tag_number == rabies.rabies_tag_number
            assert cert.rabies.veterinarian == rabies.veterinarian
            assert cert.exemption is None
            assert cert.fees[0].description.startswith("Dog license")
            assert cert.receipt_label == "2026-000001"
            assert cert.issued_at == clock.now() and cert.issued_by == CLERK.name
            assert cert.statutory_line == (
                "Licensed under MGL c.140 §137 and Westborough General Bylaws, Article 19."
            )
    waived = next(c for c in certs if c.license_id == sale.result.licenses[0].license_id)
    assert any(f.waiver_reason == WAIVER and f.amount == 0 for f in waived.fees)


def test_a_reprint_reads_the_same_certificate_for_one_license(
    database: Database, sale: Sale
) -> None:
    certs = documents.license_certificates(database, sale.receipt_id)
    again = documents.certificate_for_license(database, certs[1].license_id)
    assert again == certs[1]


def test_a_replacement_tag_receipt_prints_the_certificate_with_the_new_tag(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    first = sale.result.licenses[0]
    fee = replace_tag(
        database,
        first.license_id,
        (TenderInput(TenderKind.CASH, Decimal("5.00")),),
        new_tag=None,
        actor=CLERK,
        clock=clock,
    )
    assert fee.receipt_id is not None
    receipt = documents.receipt_document(database, fee.receipt_id)
    assert [line.code for line in receipt.lines] == ["duplicate_tag"]
    assert receipt.lines[0].tag == str(fee.tag_number) != str(first.tag_number)
    cash = receipt.tenders[0]
    assert (cash.kind, cash.tendered, cash.change_due) == ("cash", Decimal("5.00"), Decimal("4.00"))
    (cert,) = documents.license_certificates(database, fee.receipt_id)
    assert cert.license_id == first.license_id and cert.tag == str(fee.tag_number)
    assert cert.receipt_label == "2026-000001"


def test_a_missing_receipt_or_license_is_said_plainly(database: Database, sale: Sale) -> None:
    with pytest.raises(ValidationError, match="receipt is not on file"):
        documents.receipt_document(database, sale.receipt_id + 100)
    with pytest.raises(ValidationError, match="receipt is not on file"):
        documents.license_certificates(database, sale.receipt_id + 100)
    with pytest.raises(ValidationError, match="license is not on file"):
        documents.certificate_for_license(database, 10_000)


@pytest.mark.parametrize(
    ("born", "estimated", "words"),
    [
        (dt.date(2019, 6, 1), False, "7 years"),
        (dt.date(2019, 6, 2), False, "6 years"),
        (dt.date(2025, 6, 1), False, "1 year"),
        (dt.date(2025, 9, 15), True, "about 8 months"),
        (dt.date(2026, 5, 2), False, "0 months"),
        (None, False, None),
        (dt.date(2026, 7, 1), False, None),
    ],
)
def test_age_on_the_day_of_issue(born: dt.date | None, estimated: bool, words: str | None) -> None:
    assert documents.age_on(born, dt.date(2026, 6, 1), estimated=estimated) == words
