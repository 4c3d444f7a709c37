"""Where ClerkDesk finds its own files and keeps the user's.

Migrations and resources live at the top of the source tree; a built wheel carries them
inside the package as ``_migrations`` and ``_resources``.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "ClerkDesk"
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
