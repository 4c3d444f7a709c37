"""A certificate and a receipt built from literals: fixed input for the golden files and the
benchmark, with no database behind them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.reports.documents import (
    CertificateDocument,
    ConditionView,
    DogView,
    FeeView,
    OfficeHeading,
    OwnerView,
    PaymentView,
    RabiesView,
    ReceiptDocument,
    ReceiptLineView,
    TenderView,
)
from clerkdesk.rules.license_conditions import STATUTORY_CONDITIONS

# A fixed offset, not a zone name: the golden bytes must not depend on time zone data.
EDT = dt.timezone(dt.timedelta(hours=-4))
HEADING = OfficeHeading(
    "Town of Westborough", "Office of the Town Clerk", "Westborough General Bylaws, Article 19"
)
ISSUED = dt.datetime(2026, 6, 1, 10, 30, tzinfo=EDT)
REPRINTED = dt.datetime(2026, 6, 3, 14, 5, tzinfo=EDT)
CLERK_NAME = "Margaret Jones"
CHECK = TenderView("check", "Check", Decimal("8.00"), None, None, "1234")
CASH = TenderView("cash", "Cash", Decimal("5.00"), Decimal("20.00"), Decimal("15.00"), None)


def certificate(number: int = 112, tag: str = "245") -> CertificateDocument:
    return CertificateDocument(
        heading=HEADING,
        license_id=number,
        license_number=number,
        license_year_label="2026–27",
        license_year_start=dt.date(2026, 4, 1),
        license_year_end=dt.date(2027, 3, 31),
        tag=tag,
        status="issued",
        status_reason=None,
        dog=DogView(
            name="Maple",
            breed="Labrador Retriever / Poodle",
            color="Chocolate",
            sex="Female, spayed",
            birth_date=dt.date(2019, 5, 1),
            birth_date_estimated=False,
            age="7 years",
            microchip="985112003456789",
            description="white star on chest, notched left ear",
        ),
        owner=OwnerView(
            name="Jane Doe",
            residence=("12 Elm St", "Westborough, MA 01581"),
            mailing=None,
            phone="508-555-0101",
        ),
        rabies=RabiesView(
            exemption=False,
            vaccination_date=dt.date(2025, 4, 20),
            issued_on=None,
            expires_on=dt.date(2028, 4, 20),
            duration_years=3,
            vaccine="Imrab 3",
            lot_number="123456A",
            rabies_tag_number="25-00012",
            veterinarian="Dr. Anne Kowalski",
            clinic="Westborough Animal Hospital",
            exemption_reason=None,
        ),
        exemption=None,
        exemption_evidence=None,
        fees=(
            FeeView(
                "Dog license — female, spayed/neutered, license year 2026–27",
                Decimal("10.00"),
                Decimal("10.00"),
                None,
                "Art. 19 §11",
            ),
            FeeView(
                "Late fee: $3.00 from 06/01/2026",
                Decimal("0.00"),
                Decimal("3.00"),
                "Owner was in hospital in May",
                "Art. 19 §2C",
            ),
        ),
        receipt_label="2026-000012",
        issued_at=ISSUED,
        issued_by=CLERK_NAME,
        statutory_line="Licensed under MGL c.140 §137 and Westborough General Bylaws, Article 19.",
        described_as=(
            "Maple, spayed female, Chocolate Labrador Retriever/Poodle, white star on chest"
        ),
        statutory_conditions=tuple(ConditionView(*c) for c in STATUTORY_CONDITIONS),
        payments=(PaymentView("2026-000012", ISSUED.date(), Decimal("13.00"), (CHECK, CASH)),),
    )


def receipt() -> ReceiptDocument:
    def line(position: int, code: str, text: str, amount: str, citation: str) -> ReceiptLineView:
        return ReceiptLineView(
            position, code, text, Decimal(amount), Decimal(amount), "Dog licenses", citation,
            None, "Maple", 112, "245",
        )  # fmt: skip

    return ReceiptDocument(
        heading=HEADING,
        receipt_id=12,
        label="2026-000012",
        issued_at=ISSUED,
        issued_by=CLERK_NAME,
        payer_name="Jane Doe",
        payer_address=("12 Elm St", "Westborough, MA 01581"),
        payer_mailing=None,
        lines=(
            line(1, "dog_license", "Dog license — female, spayed", "10.00", "Art. 19 §11"),
            line(2, "late_fee", "Late fee: $3.00 from 06/01/2026", "3.00", "Art. 19 §2C"),
        ),
        tenders=(CHECK, CASH),
        total=Decimal("13.00"),
        void=None,
    )
