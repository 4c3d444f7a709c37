"""Settings: the town's rules first; users, printers and display options to come."""

from clerkdesk.ui.views.settings.view import SettingsView

__all__ = ["SettingsView"]
