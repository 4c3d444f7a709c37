"""Areas whose screens come with later work; each says what to do until then."""

from __future__ import annotations

from clerkdesk.ui.views.base import AreaView, PlaceholderView


def placeholder_views() -> dict[str, AreaView]:
    return {
        "kennels": PlaceholderView(
            "Kennels",
            "To come here: kennel licenses by class and number of dogs, and their renewals.",
            "The Kennels area is not built yet: kennel licenses cannot be recorded in "
            "ClerkDesk so far, so nothing is listed here.",
        ),
        "reports": PlaceholderView(
            "Reports",
            "To come here: remittance reports, renewal lists, the unlicensed-dog list and exports.",
            "The Reports area is not built yet, so no report can be made here. Every license "
            "and receipt is saved, and the reports will be drawn from them once it is.",
        ),
    }
