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
    }
