"""Start-up settings: which database to open.

In layers (``clerkdesk.settings``): ``--db``, then ``$CLERKDESK_DB_URL``, then ``[database]
url`` in the login's settings file, then in the machine-wide one IT pushes, then the SQLite
file in the data folder.
"""

from __future__ import annotations

from collections.abc import Mapping

from clerkdesk.settings import DATABASE_URL, load_settings, refuse_network_sqlite

DB_URL_ENV = "CLERKDESK_DB_URL"


def resolve_database_url(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The database's address from the first layer that names one; refuses (typed errors,
    one line each) a settings file that cannot be read and a SQLite file on a network drive."""
    url = normalize_url(load_settings({DATABASE_URL: option}, environ).value(DATABASE_URL))
    refuse_network_sqlite(url)
    return url


def normalize_url(url: str) -> str:
    """Accept the short spellings an IT person is likely to type."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def describe_url(url: str) -> str:
    """Where the data lives, in the words the status bar shows (no driver needed)."""
    from urllib.parse import urlsplit

    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ":memory:"
        return f"This PC: {path or ':memory:'}"
    parts = urlsplit(url)
    return f"Server {parts.hostname or 'localhost'}: {parts.path.lstrip('/')}"
