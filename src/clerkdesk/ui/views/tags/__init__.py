"""Tags: each license year's tag stock, and receiving a range from the supplier."""

from clerkdesk.ui.views.tags.view import TagsView

__all__ = ["TagsView"]
