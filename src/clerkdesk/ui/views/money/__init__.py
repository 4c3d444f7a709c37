"""The Money area: receipts, voids, reprints and the daily close-out."""

from clerkdesk.ui.views.money.view import MoneyView

__all__ = ["MoneyView"]
