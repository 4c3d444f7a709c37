"""Files kept in the database (scanned rabies certificates), so every workstation sees them."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from clerkdesk.models.base import Base


class StoredDocument(Base):
    __tablename__ = "stored_document"

    id: Mapped[int] = mapped_column(primary_key=True)
    filename: Mapped[str] = mapped_column(String(200))
    content_type: Mapped[str] = mapped_column(String(80))
    size: Mapped[int]
    sha256: Mapped[str] = mapped_column(String(64))
    content: Mapped[bytes] = mapped_column(LargeBinary)
    stored_at: Mapped[dt.datetime]
    stored_by: Mapped[str] = mapped_column(String(80))
