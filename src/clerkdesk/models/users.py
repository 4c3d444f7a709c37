"""The office's users: who may sign in, in what role, and their password's argon2id hash."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base
from clerkdesk.models.enums import stored_enum
from clerkdesk.rules.roles import Role


class User(Base):
    __tablename__ = "app_user"
    __table_args__ = (UniqueConstraint("name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    full_name: Mapped[str] = mapped_column(String(120), default="")
    role: Mapped[Role] = mapped_column(stored_enum(Role, "user_role"))
    password_hash: Mapped[str] = mapped_column(String(200))
    disabled: Mapped[bool] = mapped_column(default=False)
    # Failed sign-ins since the last success: each one makes the next attempt wait longer.
    failed_attempts: Mapped[int] = mapped_column(default=0)
    last_failed_at: Mapped[dt.datetime | None]
    last_signed_in_at: Mapped[dt.datetime | None]
    created_at: Mapped[dt.datetime]
    created_by: Mapped[str] = mapped_column(String(80))
