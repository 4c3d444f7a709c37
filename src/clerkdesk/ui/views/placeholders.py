"""Areas whose screens come with later work; each says what to do until then."""

from __future__ import annotations

from clerkdesk.ui.views.base import AreaView, PlaceholderView


def placeholder_views() -> dict[str, AreaView]:
    return {
        "kennels": PlaceholderView(
            "Kennels",
            "Kennel licenses by class and number of dogs, and their renewals.",
            "No kennels are licensed yet. Kennel licensing arrives with the year-end cycle.",
        ),
        "money": PlaceholderView(
            "Money",
            "Receipts, voids, the daily drawer close-out and the monthly remittance.",
            "No money has been taken yet. Receipts appear here once licenses are sold.",
        ),
        "reports": PlaceholderView(
            "Reports",
            "Remittance reports, renewal lists, the unlicensed-dog list and exports.",
            "No reports yet: they need licenses and receipts to report on.",
        ),
    }
