"""Frozen, plain-data views of a receipt and a license certificate, ready to print.

``services.documents`` fills them in one read transaction; ``reports`` lays them out. They
hold no ORM objects, so they may cross threads and outlive the session.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from clerkdesk.rules.dates import us_date

STATUTE = "MGL c.140 §137"


@dataclass(frozen=True)
class OfficeHeading:
    """Who issued the document: ``Town of Westborough`` / ``Office of the Town Clerk``."""

    town: str
    office: str
    bylaw: str
    address: tuple[str, ...] = ()
    """The street address residents come to (``[office]`` in the town profile); empty
    when the profile does not give it."""
    mail_to: tuple[str, ...] = ()
    """Where mail goes, when not the street address (a post office box)."""
    hours: str = ""
    phone: str = ""


@dataclass(frozen=True)
class LostTagView:
    """A substitute for a lost tag (MGL c.140 §137(c)): the tag it replaces and when the
    owner reported it lost (the day the substitute was sold)."""

    lost_tag: str
    """As it read on the collar (``W-123``)."""
    reported_on: dt.date
    new_tag: str
    receipt_label: str
    """The receipt the substitute was sold on."""

    @property
    def words(self) -> str:
        reported = us_date(self.reported_on)
        return f"Replacement tag — replaces tag {self.lost_tag}, reported lost {reported}"


@dataclass(frozen=True)
class TransferView:
    """A license transferred with its dog to a new owner: the license it replaces."""

    former_license_number: int
    former_license_year_label: str
    former_owner: str
    transferred_on: dt.date

    @property
    def words(self) -> str:
        return (
            f"Change of owner: replaces license No. {self.former_license_number} "
            f"({self.former_license_year_label}) of {self.former_owner}, transferred "
            f"{us_date(self.transferred_on)}"
        )


@dataclass(frozen=True)
class ReceiptLineView:
    position: int
    code: str
    description: str
    amount: Decimal
    quoted_amount: Decimal
    account: str
    citation: str
    waiver_reason: str | None
    dog_name: str | None
    license_number: int | None
    tag: str | None
    """The tag this receipt gave out for the license (else the license's own), as it reads
    on the collar (``W-125``, ``125``; ``rules.tag_text``)."""
    replaced_tag: LostTagView | None = None
    """On the line that sold a substitute for a lost tag."""
    transfer: TransferView | None = None
    """On the line that charged a license's transfer to a new owner."""

    @property
    def waived(self) -> bool:
        return self.waiver_reason is not None


@dataclass(frozen=True)
class TenderView:
    kind: str
    label: str
    amount: Decimal
    tendered: Decimal | None
    change_due: Decimal | None
    reference: str | None

    @property
    def description(self) -> str:
        """``Check no. 1234``, ``Card ref. A1B2``, ``Cash``."""
        if not self.reference:
            return self.label
        word = "ref." if self.kind == "card" else "no."
        return f"{self.label} {word} {self.reference}"


@dataclass(frozen=True)
class PaymentView:
    """How a receipt behind a certificate was paid: its tenders, or none for $0.00."""

    receipt_label: str
    paid_on: dt.date
    total: Decimal
    tenders: tuple[TenderView, ...]

    @property
    def words(self) -> str:
        """``Paid by check no. 1234 on receipt 2026-000012 of 06/01/2026 (receipt total
        $32.00)``; each tender's amount where there are several. The receipt may pay for
        more than this license, so its total is named as the receipt's."""
        on = f"on receipt {self.receipt_label} of {us_date(self.paid_on)}"
        if not self.tenders:
            return f"No payment due {on}"
        several = len(self.tenders) > 1
        how = " and ".join(
            _lower_first(t.description) + (f" ${t.amount:,.2f}" if several else "")
            for t in self.tenders
        )
        return f"Paid by {how} {on} (receipt total ${self.total:,.2f})"


def _lower_first(text: str) -> str:
    """``check no. 1234`` in the middle of a sentence."""
    return text[:1].lower() + text[1:]


@dataclass(frozen=True)
class ConditionView:
    """One condition of the license, with the law or bylaw that sets it."""

    text: str
    citation: str


@dataclass(frozen=True)
class VoidView:
    voided_at: dt.datetime | None
    voided_by: str | None
    reason: str | None


@dataclass(frozen=True)
class ReceiptDocument:
    heading: OfficeHeading
    receipt_id: int
    label: str
    issued_at: dt.datetime
    """In the town's local time."""
    issued_by: str
    payer_name: str
    payer_address: tuple[str, ...]
    payer_mailing: tuple[str, ...] | None
    lines: tuple[ReceiptLineView, ...]
    tenders: tuple[TenderView, ...]
    total: Decimal
    void: VoidView | None

    @property
    def is_void(self) -> bool:
        return self.void is not None

    @property
    def change_due(self) -> Decimal:
        return sum((t.change_due or Decimal("0.00") for t in self.tenders), Decimal("0.00"))

    @property
    def paid(self) -> Decimal:
        return sum((t.amount for t in self.tenders), Decimal("0.00"))


@dataclass(frozen=True)
class DogView:
    name: str
    breed: str
    color: str
    sex: str
    """``Female, spayed``, ``Male, neutered``, ``Male, not neutered``."""
    birth_date: dt.date | None
    birth_date_estimated: bool
    age: str | None
    """The dog's age on the day the license was issued: ``7 years``, ``9 months``."""
    microchip: str | None
    description: str | None


@dataclass(frozen=True)
class OwnerView:
    name: str
    residence: tuple[str, ...]
    mailing: tuple[str, ...] | None
    phone: str | None


@dataclass(frozen=True)
class RabiesView:
    exemption: bool
    """A veterinarian's rabies exemption certificate rather than a vaccination."""
    vaccination_date: dt.date | None
    issued_on: dt.date | None
    expires_on: dt.date
    duration_years: int | None
    vaccine: str | None
    lot_number: str | None
    rabies_tag_number: str | None
    veterinarian: str | None
    clinic: str | None
    exemption_reason: str | None


@dataclass(frozen=True)
class FeeView:
    description: str
    amount: Decimal
    quoted_amount: Decimal
    waiver_reason: str | None
    citation: str = ""
    """The rule that charged the fee (``Art. 19 §11``)."""


@dataclass(frozen=True)
class CertificateDocument:
    heading: OfficeHeading
    license_id: int
    license_number: int
    license_year_label: str
    license_year_start: dt.date
    license_year_end: dt.date
    """The license's own term (``valid_from``, ``valid_until``): its license year's first
    and last day, or a year from its own day where the town's terms roll (``rolling``)."""
    tag: str | None
    """The tag as it reads on the collar, its stock's prefix first (``W-125``)."""
    status: str
    """``issued`` for a license in force; ``void``, ``transferred`` or ``replaced``."""
    status_reason: str | None
    dog: DogView
    owner: OwnerView
    rabies: RabiesView | None
    exemption: str | None
    """In words: ``Senior owner``, ``Service animal (ADA)``."""
    exemption_evidence: str | None
    fees: tuple[FeeView, ...]
    receipt_label: str
    issued_at: dt.datetime
    """In the town's local time."""
    issued_by: str
    statutory_line: str
    described_as: str = ""
    """The dog in at most ten words, as MGL c.140 §137 asks (``rules.dog_words``)."""
    conditions: str = ""
    """The town profile's own ``[certificate] conditions``, printed after the statutory
    ones; empty where the profile keeps the §137 tag-wearing default (a statutory one)."""
    conditions_citation: str = ""
    statutory_conditions: tuple[ConditionView, ...] = ()
    """The conditions MGL c.140 puts on every dog license (``rules.license_conditions``)."""
    replaced_tag: LostTagView | None = None
    """The license's tag is a substitute for a lost one."""
    transfer: TransferView | None = None
    """The license was transferred to this owner with the dog."""
    payments: tuple[PaymentView, ...] = ()
    """How the receipts behind this certificate were paid: the license's own, then any
    substitute tag's."""
    seal: bytes | None = None
    """The town's own seal or logo (PNG or JPEG); ``None`` prints the default seal."""
    rolling: bool = False
    """The town's licenses run a year from their own day (not one license year)."""
    orders: tuple[str, ...] = ()
    """The hearing authority's orders about the dog in force when the license was issued
    (MGL c.140 §157), each in words with its conditions and its hearing's date."""

    @property
    def fee_total(self) -> Decimal:
        return sum((f.amount for f in self.fees), Decimal("0.00"))

    @property
    def in_force(self) -> bool:
        return self.status == "issued"


@dataclass(frozen=True)
class KennelDogView:
    """A dog under a kennel license, with the tag it wears (``2026-K003 #2``)."""

    tag: str
    name: str
    breed: str
    sex: str
    age: str | None


@dataclass(frozen=True)
class KennelCertificateDocument:
    """A kennel license (MGL c.140 §137A): since Ollie's Law it states the kennel's type and
    the maximum number of dogs it may keep."""

    heading: OfficeHeading
    kennel_license_id: int
    license_label: str
    """``2026-K003``: the license year, K, and the number in that year's run."""
    license_year_label: str
    license_year_start: dt.date
    license_year_end: dt.date
    kennel_name: str
    kennel_class_words: str
    """The state's class in words: ``personal kennel``."""
    category: str | None
    """The town's own category, in its words (``Hobby kennel``), when it names one."""
    max_dogs: int
    dogs_counted: int
    count_age_months: int
    keeper: OwnerView
    premises: tuple[str, ...]
    dogs: tuple[KennelDogView, ...]
    fees: tuple[FeeView, ...]
    receipt_label: str
    issued_at: dt.datetime
    """In the town's local time."""
    issued_by: str
    inspection: str | None
    """The inspection the license was sold on: ``Passed 05/15/2026 (Officer Dana Reyes)``."""
    status: str
    status_reason: str | None
    statutory_line: str
    seal: bytes | None = None

    @property
    def fee_total(self) -> Decimal:
        return sum((f.amount for f in self.fees), Decimal("0.00"))

    @property
    def in_force(self) -> bool:
        return self.status == "issued"
