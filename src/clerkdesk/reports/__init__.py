"""Printed documents and exports (ReportLab, spreadsheets). No Qt here."""

from clerkdesk.reports.pdf_text import install as _show_text_readably

_show_text_readably()
