"""How every enumerated column is stored: its values as text, with a CHECK constraint."""

from __future__ import annotations

import enum

from sqlalchemy import Enum


def stored_enum(cls: type[enum.Enum], name: str) -> Enum:
    return Enum(
        cls,
        name=name,
        native_enum=False,
        create_constraint=True,
        values_callable=lambda e: [m.value for m in e],
        length=20,
    )
