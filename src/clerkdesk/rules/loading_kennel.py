"""Reading a schedule's kennel section: classes, town-named categories and tiers."""

from __future__ import annotations

from clerkdesk.rules.reader import Reader
from clerkdesk.rules.schedule import (
    CHARITABLE_CITATION,
    KENNEL_CLASSES,
    ApplicationFee,
    KennelCategory,
    KennelClass,
    KennelPricing,
    KennelRules,
    KennelTier,
)


def kennel(r: Reader | None) -> KennelRules | None:
    if r is None:
        return None
    max_dogs = r.integer("max_dogs", minimum=1)
    count_age = r.integer("count_age_months", default=3, maximum=120)
    code = r.text("code", "kennel_license")
    inspection_required = r.boolean("inspection_required", False)
    citation = r.citation()
    application = _application_fee(r, citation)
    pricing = _pricing(r, citation, required=False)
    classes: list[tuple[KennelClass, KennelPricing]] = []
    for name, c in r.named_tables("classes"):
        kennel_class = next((k for k in KENNEL_CLASSES if k == name), None)
        if kennel_class is None:
            c.problem(None, f"is not a kennel class (one of {', '.join(KENNEL_CLASSES)})")
            continue
        class_pricing = _pricing(c, citation, required=True)
        c.finish()
        if class_pricing is None:
            continue
        if kennel_class == "charitable" and not class_pricing.free:
            c.problem(
                None,
                f"a domestic charitable corporation kennel is licensed free "
                f"({CHARITABLE_CITATION}); set free = true",
            )
        classes.append((kennel_class, class_pricing))
    categories = _categories(r, citation)
    if not any(k == "charitable" for k, _ in classes):
        classes.append(("charitable", KennelPricing(True, None, (), CHARITABLE_CITATION, r.path)))
    r.finish()
    unpriced = [k for k in KENNEL_CLASSES if k not in dict(classes) and pricing is None]
    if unpriced and not categories:
        r.problem(
            None,
            f"needs a fee or tiers (for every class) or a price for each class; "
            f"missing: {', '.join(unpriced)}",
        )
    every = [pricing, *(p for _, p in classes), *(c.pricing for c in categories)]
    for p in every:
        if p is None or not p.tiers:
            continue
        top = p.tiers[-1].up_to
        if top is not None and max_dogs is not None and top < max_dogs:
            r.problem("max_dogs", f"is {max_dogs} but the tiers at {p.source} stop at {top} dogs")
    fallback = pricing or KennelPricing(False, None, (), citation, r.path)
    return KennelRules(
        max_dogs,
        0 if count_age is None else count_age,
        code,
        fallback,
        tuple(classes),
        citation,
        r.path,
        tuple(categories),
        inspection_required,
        application,
    )


def _application_fee(r: Reader, citation: str) -> ApplicationFee | None:
    """``application_fee``: charged once, on a kennel's first license in the town."""
    amount = r.money("application_fee")
    code = r.text("application_fee_code", "kennel_application")
    if amount is None:
        return None
    words = "Kennel application fee (first license only)"
    return ApplicationFee(amount, code, words, citation, f"{r.path}.application_fee")


def _categories(r: Reader, citation: str) -> list[KennelCategory]:
    """``[kennel.categories.NAME]``: the town's own kennel names, each with ``class`` (one of
    the five state classes), a ``description`` and a price of its own."""
    found: list[KennelCategory] = []
    for name, c in r.named_tables("categories"):
        kennel_class = c.choice("class", KENNEL_CLASSES)
        description = c.text("description", name.replace("_", " ").replace("-", " "))
        pricing = _pricing(c, citation, required=True)
        c.finish()
        if kennel_class == "charitable" and pricing is not None and not pricing.free:
            c.problem(
                None,
                f"a domestic charitable corporation kennel is licensed free "
                f"({CHARITABLE_CITATION}); set free = true",
            )
        if kennel_class is not None and pricing is not None:
            found.append(KennelCategory(name, kennel_class, description, pricing))
    return found


def _pricing(r: Reader, default_citation: str, *, required: bool) -> KennelPricing | None:
    free = r.boolean("free", False)
    fee = r.money("fee")
    tiers = _tiers(r)
    citation = r.citation(default_citation)
    chosen = sum([free, fee is not None, bool(tiers)])
    if chosen > 1:
        r.problem(None, "give only one of free = true, fee or tiers")
    elif chosen == 0 and required:
        r.problem(None, "needs free = true, a fee or tiers")
    if chosen == 0 and not required:
        return None
    return KennelPricing(free, fee, tuple(tiers), citation, r.path)


def _tiers(r: Reader) -> list[KennelTier]:
    """``{ up_to = N, fee = … }`` tiers in order; the last may be open-ended,
    ``{ more_than = N, fee = … }`` with N the tier before's ``up_to`` ("more than 15",
    "unlimited")."""
    tiers: list[KennelTier] = []
    readers = r.tables("tiers")
    for i, t in enumerate(readers):
        open_ended = t.has("more_than") and not t.has("up_to")
        if open_ended:
            more_than = t.integer("more_than", required=True, minimum=1)
            up_to = None
        else:
            up_to = t.integer("up_to", required=True, minimum=1)
        tier_fee = t.money("fee", required=True)
        t.finish()
        previous = tiers[-1].up_to if tiers else None
        if open_ended:
            if i != len(readers) - 1:
                t.problem("more_than", "only the last tier may be open-ended")
            elif previous is None:
                t.problem("more_than", "must follow a tier with up_to (or give the kennel a fee)")
            elif more_than is not None and more_than != previous:
                t.problem(
                    "more_than",
                    f"must be {previous}, the previous tier's up_to, not {more_than}",
                )
        elif up_to is not None and previous is not None and up_to <= previous:
            t.problem("up_to", f"must be more than the previous tier's {previous}")
        if tier_fee is not None and (open_ended or up_to is not None):
            tiers.append(KennelTier(up_to, tier_fee))
    return tiers
