"""A shared database set up as docs/shared-database.md tells an office's IT person to:
an owner role that is no superuser (it may create roles, to make the counter's), and a
database that role owns. The suite's server admits every role without a password, so
a URL needs only the role's name."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlalchemy import URL, make_url

from pg_server import PostgresServer, admin_connection


@dataclass(frozen=True)
class OfficeDatabase:
    server: PostgresServer
    name: str
    owner: str

    def url(self, role: str | None = None) -> URL:
        return make_url(self.server.url(self.name)).set(username=role or self.owner)

    def url_text(self, role: str | None = None) -> str:
        return self.url(role).render_as_string(hide_password=False)


def new_role_name(kind: str) -> str:
    """Roles are the whole server's, and the suite's server lives for the whole run."""
    return f"{kind}_{uuid.uuid4().hex[:10]}"


def office_database(server: PostgresServer, *, createrole: bool = True) -> OfficeDatabase:
    owner = new_role_name("owner")
    name = f"office_{uuid.uuid4().hex[:10]}"
    with admin_connection("127.0.0.1", server.port, server.user) as conn:
        conn.execute(f"CREATE ROLE {owner} LOGIN {'CREATEROLE' if createrole else ''}")
        conn.execute(f'CREATE DATABASE "{name}" OWNER {owner}')
    return OfficeDatabase(server, name, owner)
