"""Reading the newer schedule sections: payment fees, dog limits, under-age fees."""

from __future__ import annotations

from decimal import Decimal

from clerkdesk.rules.profile import CertificateText, RemittanceRule
from clerkdesk.rules.reader import Reader
from clerkdesk.rules.schedule import DogLimits, Limit, PaymentFee, TransactionFee, UnderAgeFees

PAYMENT_METHODS = ("cash", "check", "money_order", "card")
HUNDRED = Decimal("100")


def payment_fees(named: list[tuple[str, Reader]]) -> tuple[PaymentFee, ...]:
    """``[payment_fees.TENDER]``: ``percent``, ``minimum``, ``cap``, ``code`` (default
    ``convenience_fee``), ``description``, ``citation``."""
    found: list[PaymentFee] = []
    for tender, r in named:
        if tender not in PAYMENT_METHODS:
            r.problem(None, f"is not a way to pay (one of {', '.join(PAYMENT_METHODS)})")
        percent = r.money("percent", required=True)
        minimum = r.money("minimum")
        cap = r.money("cap")
        code = r.text("code", "convenience_fee")
        description = r.text("description", f"{tender.replace('_', ' ').capitalize()} fee")
        citation = r.citation()
        r.finish()
        if percent is not None and percent > HUNDRED:
            r.problem("percent", f"must be 100 or less, not {percent}")
        if minimum is not None and cap is not None and cap < minimum:
            r.problem("cap", f"the cap ({cap}) must not be below the minimum ({minimum})")
        if percent is not None and tender in PAYMENT_METHODS:
            found.append(
                PaymentFee(tender, percent, minimum, cap, code, description, citation, r.path)
            )
    return tuple(found)


def transaction_fees(named: list[tuple[str, Reader]]) -> tuple[TransactionFee, ...]:
    """``[transaction_fees.CODE]``: ``amount`` once per sale of dog licenses,
    ``description``, ``citation``."""
    found: list[TransactionFee] = []
    for code, r in named:
        amount = r.money("amount", required=True)
        description = r.text("description", code.replace("_", " ").capitalize())
        citation = r.citation()
        r.finish()
        if amount is not None:
            found.append(TransactionFee(code, amount, description, citation, r.path))
    return tuple(found)


def limits(r: Reader | None) -> DogLimits | None:
    """``[limits.kennel_license] over = N`` and ``[limits.household] max_dogs = N``, each
    with its citation; ``count_age_months`` (default 3)."""
    if r is None:
        return None
    count_age = r.integer("count_age_months", default=3, maximum=120)
    kennel = _limit(r.table("kennel_license"), "over")
    household = _limit(r.table("household"), "max_dogs")
    r.finish()
    return DogLimits(kennel, household, 3 if count_age is None else count_age)


def _limit(r: Reader | None, key: str) -> Limit | None:
    if r is None:
        return None
    dogs = r.integer(key, required=True, minimum=1)
    citation = r.citation()
    r.finish()
    return None if dogs is None else Limit(dogs, citation, r.path)


def under_age(r: Reader | None) -> UnderAgeFees | None:
    """``[dog_fees.under_age]``: ``months`` and a fee for any of ``male_intact``,
    ``female_intact``, ``male_altered``, ``female_altered`` (the others pay the regular fee)."""
    if r is None:
        return None
    months = r.integer("months", required=True, minimum=1, maximum=120)
    fees = [r.money(k) for k in ("male_intact", "female_intact", "male_altered", "female_altered")]
    citation = r.citation()
    r.finish()
    if all(f is None for f in fees):
        r.problem(None, "needs a fee for at least one of male_intact, female_intact, …")
    if months is None:
        return None
    male_intact, female_intact, male_altered, female_altered = fees
    return UnderAgeFees(
        months, male_intact, female_intact, male_altered, female_altered, citation, r.path
    )


CONDITIONS_LENGTH = 600
"""About six printed lines: the conditions share the page with the license itself."""


def certificate(r: Reader | None) -> CertificateText:
    """``[certificate]``: ``conditions`` (the text printed on every license certificate) and
    its ``citation``; each falls back to the tag-wearing requirement of MGL c.140 §137."""
    if r is None:
        return CertificateText()
    conditions = r.string("conditions", required=True, lines=True)  # folded below
    citation = r.string("citation")
    r.finish()
    if conditions is not None and len(conditions) > CONDITIONS_LENGTH:
        r.problem(
            "conditions",
            f"is {len(conditions):,} characters; a certificate has room for "
            f"{CONDITIONS_LENGTH} at most",
        )
        conditions = None
    if citation is not None and len(citation) > 200:
        r.problem("citation", "must be 200 characters or fewer")
        citation = None
    default = CertificateText()
    return CertificateText(
        " ".join(conditions.split()) if conditions and conditions.strip() else default.conditions,
        citation.strip() if citation is not None else default.citation,
    )


MAX_RETENTION = Decimal("10.00")
"""The statute's share has been cents a license; dollars more would be a typing slip."""


def remittance(r: Reader | None) -> RemittanceRule | None:
    """``[remittance]``: ``clerk_retention_per_license`` (an amount, 0 or more; required in
    the table) and its ``citation``. No table: the clerk keeps nothing, as before."""
    if r is None:
        return None
    per_license = r.money("clerk_retention_per_license", required=True)
    citation = r.citation("MGL c.140 §147")
    r.finish()
    if per_license is None:
        return None
    if per_license < 0 or per_license > MAX_RETENTION:
        r.problem(
            "clerk_retention_per_license",
            f"{per_license} is not a share of a license fee: use 0.00 to {MAX_RETENTION}",
        )
        return None
    return RemittanceRule(per_license.quantize(Decimal("0.01")), citation.strip(), r.path)
