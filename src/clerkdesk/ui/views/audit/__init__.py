"""The audit trail: who changed which record, when and where, each field before and after."""

from clerkdesk.ui.views.audit.view import AuditView, open_audit_dialog

__all__ = ["AuditView", "open_audit_dialog"]
