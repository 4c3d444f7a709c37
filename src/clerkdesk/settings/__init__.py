"""Start-up settings in layers (command line, environment, the login's file, the machine's
file, the default), where they came from, and what belongs to the workstation itself.

Qt-free, and read before any database is opened.
"""

from __future__ import annotations

from pathlib import Path

from clerkdesk.settings.files import SettingsFile, SettingsFileInvalid
from clerkdesk.settings.layers import (
    DATABASE_URL,
    LOG_FOLDER,
    PRINTING_FOLDER,
    SETTINGS,
    Layer,
    Origin,
    Resolved,
    Setting,
    StartupSettings,
    load_settings,
)
from clerkdesk.settings.network_drive import DatabaseOnNetworkDrive, refuse_network_sqlite

__all__ = [
    "DATABASE_URL",
    "LOG_FOLDER",
    "PRINTING_FOLDER",
    "SETTINGS",
    "DatabaseOnNetworkDrive",
    "Layer",
    "Origin",
    "Resolved",
    "Setting",
    "SettingsFile",
    "SettingsFileInvalid",
    "StartupSettings",
    "load_settings",
    "log_folder",
    "refuse_network_sqlite",
]


def log_folder() -> Path:
    """The log file's folder. Never raises: the log is written while a failure is being
    reported, and a settings file that cannot be read is reported by the database's."""
    try:
        return load_settings().folder(LOG_FOLDER)
    except (SettingsFileInvalid, OSError):
        return Path(LOG_FOLDER.default(None))
