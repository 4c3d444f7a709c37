"""Start-up settings: which database to open."""

from __future__ import annotations

import os

from clerkdesk.paths import default_database_path

DB_URL_ENV = "CLERKDESK_DB_URL"


def resolve_database_url(option: str | None, environ: dict[str, str] | None = None) -> str:
    """``--db`` wins, then ``$CLERKDESK_DB_URL``, then the SQLite file in the data folder."""
    env = os.environ if environ is None else environ
    url = option or env.get(DB_URL_ENV) or f"sqlite:///{default_database_path()}"
    return normalize_url(url)


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
