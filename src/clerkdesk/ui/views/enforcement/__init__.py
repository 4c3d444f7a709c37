"""The Enforcement area (F10): the animal control officer's day list, violations, impounds,
and complaints with their hearings, orders and licensing bars."""

from clerkdesk.ui.views.enforcement.view import EnforcementView

__all__ = ["EnforcementView"]
