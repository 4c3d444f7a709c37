"""The Money area: receipts, voids and reprints."""

from clerkdesk.ui.views.money.view import MoneyView

__all__ = ["MoneyView"]
