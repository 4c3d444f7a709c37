"""Reprinting a receipt or a certificate from the counter: the document marked REPRINT,
recorded, saved in the documents folder and shown in the print preview.

The service renders and records in one transaction and hands the PDF over inside it, so a
file that cannot be saved leaves no record. The work runs on the task runner; only ids and
frozen results cross threads.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.reprints import Reprinted, reprint
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import (
    DocumentKind,
    PrintJob,
    documents_dir,
    safe_name,
    saved_reprint,
)
from clerkdesk.ui.printing.preview import COUNTER_REPRINTS, PrintPreview

KINDS = {
    PrintedKind.RECEIPT: DocumentKind.RECEIPT,
    PrintedKind.CERTIFICATE: DocumentKind.CERTIFICATE,
    PrintedKind.KENNEL_CERTIFICATE: DocumentKind.CERTIFICATE,
}
STEMS = {
    PrintedKind.RECEIPT: "receipt",
    PrintedKind.CERTIFICATE: "license",
    PrintedKind.KENNEL_CERTIFICATE: "kennel-license",
}


def reprint_document(
    ctx: UiContext, kind: PrintedKind, document_id: int, reason: str | None
) -> tuple[Reprinted, Path]:
    """For the task runner (no widgets): reprint, record, and save the PDF."""

    def name(done: Reprinted) -> str:
        stem = STEMS[done.kind]
        return f"{stem}-{safe_name(done.label, stem)}-reprint-{done.reprints}.pdf"

    return saved_reprint(
        lambda deliver: reprint(
            ctx.database,
            kind,
            document_id,
            actor=ctx.actor,
            clock=ctx.clock,
            reason=reason,
            deliver=deliver,
        ),
        name,
        documents_dir(),
    )


class Reprinter:
    """Runs a reprint and opens the preview; ``said`` gets what to tell the clerk (and
    whether it is a problem), ``done`` the reprint once it is on record."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget,
        said: Callable[[str, bool], None],
        done: Callable[[Reprinted], None] = lambda _r: None,
        *,
        reprint_from: str = COUNTER_REPRINTS,
    ) -> None:
        """``reprint_from``: where another copy is had, as the preview says it."""
        self.ctx, self.parent, self.said, self.done = ctx, parent, said, done
        self.reprint_from = reprint_from
        self.busy = False
        self.preview: PrintPreview | None = None

    def start(self, kind: PrintedKind, document_id: int, reason: str | None) -> None:
        if self.busy:
            return
        self.busy = True
        what = "receipt" if kind is PrintedKind.RECEIPT else "certificate"
        self.said(f"Reprinting the {what}…", False)
        ctx = self.ctx
        ctx.tasks.run(
            lambda: reprint_document(ctx, kind, document_id, reason),
            self._arrived,
            self._failed,
        )

    def _arrived(self, result: tuple[Reprinted, Path]) -> None:
        self.busy = False
        done, path = result
        self.said(f"{done.title} reprinted (reprint no. {done.reprints}) and recorded.", False)
        self.done(done)
        job = PrintJob(f"{done.title} (reprint)", KINDS[done.kind], path)
        self.preview = PrintPreview(
            f"Reprint — {done.title}",
            [job],
            self.ctx.dialogs.print_job,
            self.parent,
            reprint_from=self.reprint_from,
        )
        # The dialog the reprint came from takes the keyboard back when the preview closes.
        self.preview.finished.connect(lambda _r: self.parent.activateWindow())
        self.preview.open()
        self.preview.activateWindow()

    def _failed(self, exc: Exception) -> None:
        self.busy = False
        if isinstance(exc, ValidationError):
            self.said(exc.message, True)
        elif isinstance(exc, (OSError, EnvironmentProblem)):
            self.said("", False)
            self.ctx.dialogs.show_error(
                self.parent,
                "The document could not be reprinted",
                f"{exc}\n\nNothing was recorded; try again once this is put right.",
            )
        else:
            raise exc
