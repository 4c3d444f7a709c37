"""Where ClerkDesk finds its own files and keeps the user's and the machine's.

Migrations and resources live at the top of the source tree; a built wheel carries them
inside the package as ``_migrations`` and ``_resources``.

Each settings location can be moved by an environment variable, so that a test (or an
unusual office) never reads or writes the real ``/etc`` or ``%PROGRAMDATA%``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_NAME = "ClerkDesk"
SETTINGS_FILE_NAME = "clerkdesk.ini"
# The folder holding the user's settings file (default: the platform's user config folder).
CONFIG_DIR_ENV = "CLERKDESK_CONFIG_DIR"
# The folder(s) holding the machine-wide settings file IT pushes (os.pathsep between them).
SITE_CONFIG_DIR_ENV = "CLERKDESK_SITE_CONFIG_DIR"
# The machine-wide data folder, where what belongs to the workstation is kept.
SITE_DATA_DIR_ENV = "CLERKDESK_SITE_DATA_DIR"

_PACKAGE_DIR = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE_DIR.parent.parent


def _bundled(packaged: str, source: str) -> Path:
    inside = _PACKAGE_DIR / packaged
    if inside.is_dir():
        return inside
    return _SOURCE_ROOT / source


def migrations_dir() -> Path:
    return _bundled("_migrations", "migrations")


def resources_dir() -> Path:
    return _bundled("_resources", "resources")


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def default_database_path() -> Path:
    return user_data_dir() / "clerkdesk.sqlite"


def _environ(environ: Mapping[str, str] | None) -> Mapping[str, str]:
    return os.environ if environ is None else environ


def user_settings_file(environ: Mapping[str, str] | None = None) -> Path:
    """This login's own settings file (``ClerkDesk/clerkdesk.ini`` in its config folder)."""
    folder = _environ(environ).get(CONFIG_DIR_ENV)
    if folder:
        return Path(folder) / SETTINGS_FILE_NAME
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / SETTINGS_FILE_NAME


def machine_settings_files(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The machine-wide settings files, most important first: ``%PROGRAMDATA%\\ClerkDesk``
    on Windows; on Linux each of ``$XDG_CONFIG_DIRS`` (default ``/etc/xdg``) + ``ClerkDesk``."""
    given = _environ(environ).get(SITE_CONFIG_DIR_ENV)
    if given:
        folders = given.split(os.pathsep)
    else:
        found = platformdirs.site_config_dir(APP_NAME, appauthor=False, multipath=True)
        folders = found.split(os.pathsep)
    return [Path(folder) / SETTINGS_FILE_NAME for folder in folders if folder]


def machine_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The machine-wide data folder: ``%PROGRAMDATA%\\ClerkDesk`` on Windows, the first of
    ``$XDG_DATA_DIRS`` + ``ClerkDesk`` on Linux (``/usr/local/share/ClerkDesk``)."""
    given = _environ(environ).get(SITE_DATA_DIR_ENV)
    if given:
        return Path(given)
    return Path(platformdirs.site_data_dir(APP_NAME, appauthor=False))
