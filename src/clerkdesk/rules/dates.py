"""Dates as the clerk writes them. Every message, quote line and document a person reads shows a
date as MM/DD/YYYY; machine outputs (JSON, CSV, file names) keep ISO 8601."""

from __future__ import annotations

import datetime as dt


def us_date(day: dt.date) -> str:
    """``06/01/2026`` for June 1, 2026: the clerk's format, the one the date fields use."""
    return f"{day:%m/%d/%Y}"
