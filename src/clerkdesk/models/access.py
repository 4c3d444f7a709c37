"""What the database keeps to decide for itself who is writing (PostgreSQL).

On a shared server the program's own login is on every workstation, so it cannot be what
the database trusts. These tables belong to the schema's owner and no login may read or
write them; the functions of revision 0019 (``SECURITY DEFINER``) alone use them:

- ``user_secret``: each user's password hash, out of ``app_user``, which every workstation
  reads (a hash it could read would be the key to act as that person).
- ``acting_session``: which signed-in person the transaction on each server connection acts
  for, proven with the password's key; the guards of the records that matter read it.
- ``sign_in_attempt``: failed sign-ins by name, known or not, counted under a row lock.

On SQLite (one PC, no logins) only ``sign_in_attempt`` is used; the others stay empty.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class UserSecret(Base):
    __tablename__ = "user_secret"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    password_hash: Mapped[str] = mapped_column(String(200))


class ActingSession(Base):
    __tablename__ = "acting_session"

    backend_pid: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    xact: Mapped[int] = mapped_column(BigInteger)
    user_name: Mapped[str] = mapped_column(String(40))
    role: Mapped[str] = mapped_column(String(20))


class SignInAttempt(Base):
    __tablename__ = "sign_in_attempt"

    name: Mapped[str] = mapped_column(String(80), primary_key=True)
    failed_attempts: Mapped[int] = mapped_column(default=0)
    last_failed_at: Mapped[dt.datetime | None]
