"""A fee schedule: every amount a town charges, in force from an effective date.

Each rule keeps the bylaw ``citation`` that sets it and the ``source`` key path it was read
from (for example ``schedules[0].dog_fees``) so a quote can say where each line came from and
warn when that value is still an example the clerk has not confirmed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from clerkdesk.rules.license_year import MonthDay, turns

Sex = Literal["male", "female"]
AppliesTo = Literal[
    "all",
    "renewals",
    "licensed_here_before",
    "not_licensed_last_year",
    "except_new_to_town",
    "new_to_town",
]
"""The reach of a late fee: every dog; only a dog licensed in this town last license year;
a dog licensed in this town in any earlier license year; a dog not licensed here last
license year (an add-on); every dog but one new to town."""
Period = Literal["week", "month", "days"]
DogClass = Literal["male", "female", "intact", "altered"]
ImpoundPer = Literal["calendar_day", "24_hours"]
KennelClass = Literal[
    "personal", "commercial-breeder", "commercial-boarding", "charitable", "veterinary"
]
KENNEL_CLASSES: tuple[KennelClass, ...] = (
    "personal",
    "commercial-breeder",
    "commercial-boarding",
    "charitable",
    "veterinary",
)
KENNEL_CLASS_NAMES: dict[KennelClass, str] = {
    "personal": "personal kennel",
    "commercial-breeder": "commercial breeder kennel",
    "commercial-boarding": "commercial boarding or training kennel",
    "charitable": "domestic charitable corporation kennel",
    "veterinary": "veterinary kennel",
}
# §137A(c): "shall issue a kennel license without charge to a domestic charitable
# corporation"; §137C is the kennel's inspection and revocation.
CHARITABLE_CITATION = "MGL c.140 §137A"
SERVICE_ANIMAL_CITATION = "MGL c.140 §139; Americans with Disabilities Act"
ALTERED_CITATION = "MGL c.140 §139"


@dataclass(frozen=True)
class ByDog:
    """An amount that depends on the dog's sex and whether it is spayed or neutered."""

    male_intact: Decimal
    female_intact: Decimal
    male_altered: Decimal
    female_altered: Decimal

    def fee(self, sex: Sex, altered: bool) -> Decimal:
        if sex == "male":
            return self.male_altered if altered else self.male_intact
        return self.female_altered if altered else self.female_intact


@dataclass(frozen=True)
class UnderAgeFees:
    """A fee for a dog younger than ``months`` on the day of issue (from its birth date), for
    each sex and altered status the bylaw names (``None``: the regular fee)."""

    months: int
    male_intact: Decimal | None
    female_intact: Decimal | None
    male_altered: Decimal | None
    female_altered: Decimal | None
    citation: str
    source: str

    def fee(self, sex: Sex, altered: bool) -> Decimal | None:
        if sex == "male":
            return self.male_altered if altered else self.male_intact
        return self.female_altered if altered else self.female_intact


@dataclass(frozen=True)
class DogFees:
    male_intact: Decimal
    female_intact: Decimal
    male_altered: Decimal
    female_altered: Decimal
    citation: str
    source: str
    under_age: UnderAgeFees | None = None

    def fee(self, sex: Sex, altered: bool) -> Decimal:
        if sex == "male":
            return self.male_altered if altered else self.male_intact
        return self.female_altered if altered else self.female_intact


@dataclass(frozen=True)
class Surcharge:
    designation: str
    code: str
    amount: Decimal
    description: str
    citation: str
    source: str
    service_animals: bool = True
    """Charged on a service animal too (its license is free, its designation's surcharge
    is not), unless the profile says ``service_animals = false``."""


OWNER_FACTS: dict[str, str] = {"year_round_resident": "a year-round resident"}
"""Facts about an owner an exemption may require, recorded on the owner at the counter and
given to a quote as ``DogQuoteRequest.owner_facts``; the words say them on a quote line."""


@dataclass(frozen=True)
class SeniorExemption:
    """Owners aged ``age`` or over (strictly over, with ``strictly_over``: from the day after
    the birthday) who also have every fact in ``owner_facts`` pay ``fee`` (0 = free), for
    at most ``max_dogs`` dogs."""

    age: int
    fee: Decimal
    max_dogs: int | None
    late_fees_apply: bool
    citation: str
    source: str
    strictly_over: bool = False
    owner_facts: tuple[str, ...] = ()
    fee_by_dog: ByDog | None = None
    """The senior fee by sex and altered status, where the bylaw sets one for each."""
    discount: ByDog | None = None
    """An amount off the regular fee instead of a fee ("owners 60 or older pay $3 less"),
    by sex and altered status (the same four amounts for one figure)."""

    def fee_for(self, sex: Sex, altered: bool, regular: Decimal) -> Decimal:
        """What an owner of the age pays for this dog, never below zero."""
        if self.discount is not None:
            return max(Decimal("0.00"), regular - self.discount.fee(sex, altered))
        if self.fee_by_dog is not None:
            return self.fee_by_dog.fee(sex, altered)
        return self.fee

    def qualifies_from(self, born: dt.date) -> dt.date:
        """The first day an owner born on ``born`` is of the age: "70 or over" from the
        70th birthday; "over 70" from the day after it (on the birthday the owner is
        exactly 70, and over 70 from the next day — not from the 71st birthday)."""
        birthday = turns(born, self.age)
        return birthday + dt.timedelta(days=1) if self.strictly_over else birthday

    def fits(self, born: dt.date, on: dt.date) -> bool:
        return on >= self.qualifies_from(born)

    @property
    def words(self) -> str:
        """``owner aged over 65 and a year-round resident``."""
        age = f"over {self.age}" if self.strictly_over else f"{self.age} or over"
        facts = "".join(f" and {OWNER_FACTS.get(f, f)}" for f in self.owner_facts)
        return f"owner aged {age}{facts}"


@dataclass(frozen=True)
class NamedExemption:
    name: str
    description: str
    fee: Decimal
    late_fees_apply: bool
    citation: str
    source: str


@dataclass(frozen=True)
class Exemptions:
    senior: SeniorExemption | None
    named: tuple[NamedExemption, ...]

    def named_exemption(self, name: str) -> NamedExemption | None:
        return next((e for e in self.named if e.name == name), None)


@dataclass(frozen=True)
class LateFeeScope:
    """Where a late fee stops short of every late dog, as bylaws write it: only some dogs
    (``dogs``: intact, altered, male, female — a dog must be each named), only owners of an
    age (``owner_age_at_least``: from that birthday; ``owner_age_below``: until it), only up
    to a date in the license year (``until``, inclusive: a periodic fee counts no period
    after it, a flat fee is not charged after it), or counted from the renewal notice sent
    to the owner (``after_notice_days``: charged on a license issued more than so many days
    after the notice's date; never without a notice)."""

    dogs: tuple[DogClass, ...] = ()
    owner_age_at_least: int | None = None
    owner_age_below: int | None = None
    until: MonthDay | None = None
    after_notice_days: int | None = None
    after_expiry_days: int | None = None
    """Rolling terms: charged on a renewal issued more than so many days after the dog's
    last license ran out (``counted_from = "expiry"``)."""


NO_SCOPE = LateFeeScope()


@dataclass(frozen=True)
class LateFeeBase:
    code: str
    label: str
    applies_to: AppliesTo
    citation: str
    source: str


@dataclass(frozen=True)
class FlatLateFee(LateFeeBase):
    """``amount`` once the dog is licensed on or after ``start``; ``by_dog`` when the
    amount depends on sex and altered status (``amount`` is then the intact male's)."""

    start: MonthDay
    amount: Decimal
    by_dog: ByDog | None = None
    after_days: int | None = None
    """For ``applies_to = "new_to_town"``: charged on a dog licensed more than this many
    days after it came to town, counted from that day (``start`` is not used)."""
    scope: LateFeeScope = NO_SCOPE


@dataclass(frozen=True)
class PeriodicLateFee(LateFeeBase):
    """``base`` plus ``amount`` per week, month or ``every_days`` days (or part, if
    ``part_counts``) from ``start``; the whole never more than ``cap``."""

    start: MonthDay
    base: Decimal
    amount: Decimal
    period: Period
    part_counts: bool
    cap: Decimal | None
    after_days: int | None = None
    scope: LateFeeScope = NO_SCOPE
    every_days: int | None = None
    """With ``period = "days"``: how many days make one period ("$50 every 30 days")."""


@dataclass(frozen=True)
class LateFeeStep:
    start: MonthDay
    amount: Decimal


@dataclass(frozen=True)
class SteppedLateFee(LateFeeBase):
    """A table: the amount of the last step whose date has come."""

    steps: tuple[LateFeeStep, ...]
    scope: LateFeeScope = NO_SCOPE


@dataclass(frozen=True)
class DoublingLateFee(LateFeeBase):
    """From ``start`` the license fee is multiplied by ``factor`` (2 = doubled); the line
    carries the extra amount."""

    start: MonthDay
    factor: Decimal
    scope: LateFeeScope = NO_SCOPE


LateFeeRule = FlatLateFee | PeriodicLateFee | SteppedLateFee | DoublingLateFee


@dataclass(frozen=True)
class ArrearsRule:
    """For each past license year the dog went unlicensed: ``amount`` if set (``by_dog``
    when it depends on sex and altered status), else the license fee of the schedule in
    force that year."""

    amount: Decimal | None
    max_years: int | None
    code: str
    citation: str
    source: str
    by_dog: ByDog | None = None

    def fixed(self, sex: Sex, altered: bool) -> Decimal | None:
        return self.by_dog.fee(sex, altered) if self.by_dog is not None else self.amount


@dataclass(frozen=True)
class KennelTier:
    """Up to ``up_to`` dogs; ``None`` for an open-ended top tier ("more than 15")."""

    up_to: int | None
    fee: Decimal


@dataclass(frozen=True)
class KennelPricing:
    """How one class (or every class) of kennel is priced: free, a flat fee, or tiers."""

    free: bool
    fee: Decimal | None
    tiers: tuple[KennelTier, ...]
    citation: str
    source: str


@dataclass(frozen=True)
class KennelCategory:
    """A kennel the town names and prices on its own ("hobby kennel"), counted for the
    state as one of the five MGL c.140 §136A classes."""

    name: str
    kennel_class: KennelClass
    description: str
    pricing: KennelPricing


@dataclass(frozen=True)
class ApplicationFee:
    amount: Decimal
    code: str
    description: str
    citation: str
    source: str


@dataclass(frozen=True)
class KennelRules:
    max_dogs: int | None
    count_age_months: int
    code: str
    pricing: KennelPricing
    classes: tuple[tuple[KennelClass, KennelPricing], ...]
    citation: str
    source: str
    categories: tuple[KennelCategory, ...] = ()
    # Ollie's Law (MGL c.140 §137A(a)): no kennel license, first or renewed, until the
    # kennel has passed the animal control officer's inspection for that license year.
    inspection_required: bool = False
    application_fee: ApplicationFee | None = None
    """A one-time fee on a kennel's first license in the town (not on renewals)."""

    def pricing_for(self, kennel_class: KennelClass) -> KennelPricing:
        for name, pricing in self.classes:
            if name == kennel_class:
                return pricing
        return self.pricing

    def category(self, name: str) -> KennelCategory | None:
        return next((c for c in self.categories if c.name == name), None)


@dataclass(frozen=True)
class OtherFee:
    code: str
    amount: Decimal
    description: str
    citation: str
    source: str


@dataclass(frozen=True)
class FineSchedule:
    """Fines by offense number (the last amount repeats); see :mod:`clerkdesk.rules.fines`."""

    code: str
    description: str
    amounts: tuple[Decimal, ...]
    first_offense_warning: bool
    lookback_months: int | None
    payment_methods: tuple[str, ...] | None
    days_to_pay: int | None
    maximum: bool
    citation: str
    source: str


@dataclass(frozen=True)
class ImpoundRule:
    per: ImpoundPer
    amount: Decimal
    handling: Decimal | None
    code: str
    handling_code: str
    citation: str
    source: str


@dataclass(frozen=True)
class PaymentFee:
    """A fee for paying by ``tender`` (a card convenience fee): ``percent`` of each payment
    by it, at least ``minimum`` and at most ``cap``, as its own line with its own code."""

    tender: str
    percent: Decimal
    minimum: Decimal | None
    cap: Decimal | None
    code: str
    description: str
    citation: str
    source: str


@dataclass(frozen=True)
class TransactionFee:
    """``amount`` once per sale of dog licenses, however many dogs it covers ("$1.00 per
    request"). A fee for paying one way is a payment fee (``PaymentFee``), per payment."""

    code: str
    amount: Decimal
    description: str
    citation: str
    source: str


@dataclass(frozen=True)
class Limit:
    dogs: int
    citation: str
    source: str


@dataclass(frozen=True)
class DogLimits:
    """``kennel_license``: more than this many dogs needs a kennel license; ``household``:
    no more than this many dogs in one household. Dogs ``count_age_months`` or older count."""

    kennel_license: Limit | None
    household: Limit | None
    count_age_months: int


@dataclass(frozen=True)
class FeeSchedule:
    """Everything with an amount, in force for license years starting on or after
    ``effective`` (until a later schedule takes over)."""

    effective: dt.date
    citation: str
    source: str
    dog_fees: DogFees
    surcharges: tuple[Surcharge, ...]
    exemptions: Exemptions
    late_fees: tuple[LateFeeRule, ...]
    arrears: ArrearsRule | None
    kennel: KennelRules | None
    other_fees: tuple[OtherFee, ...]
    fines: tuple[FineSchedule, ...]
    impound: ImpoundRule | None
    payment_fees: tuple[PaymentFee, ...] = ()
    limits: DogLimits | None = None
    transaction_fees: tuple[TransactionFee, ...] = ()

    def other_fee(self, code: str) -> OtherFee | None:
        return next((f for f in self.other_fees if f.code == code), None)

    def fine_schedule(self, code: str) -> FineSchedule | None:
        return next((f for f in self.fines if f.code == code), None)

    def payment_fee_for(self, tender: str) -> PaymentFee | None:
        return next((f for f in self.payment_fees if f.tender == tender), None)

    def surcharge_for(self, designation: str) -> Surcharge | None:
        return next((s for s in self.surcharges if s.designation == designation), None)
