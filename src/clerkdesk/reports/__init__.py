"""Printed documents and exports (ReportLab, spreadsheets). No Qt here."""
