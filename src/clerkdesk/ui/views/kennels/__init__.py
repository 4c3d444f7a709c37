"""The Kennels area (F4): kennels, their rosters, inspections and licenses."""

from clerkdesk.ui.views.kennels.view import KennelsView

__all__ = ["KennelsView"]
