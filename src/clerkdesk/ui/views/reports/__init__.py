"""The Reports area."""

from clerkdesk.ui.views.reports.view import ReportsView

__all__ = ["ReportsView"]
