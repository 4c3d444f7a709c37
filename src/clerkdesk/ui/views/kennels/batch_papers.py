"""The paper a year-end batch hands over: once the kennels are renewed, every renewed
kennel's certificate and receipt written off the UI thread (the certificates in one PDF, the
receipts in another) and shown as this workstation shows documents — the shared print
preview, or straight to the printer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.counts import counted
from clerkdesk.services.kennel_licensing import KennelBatchResult
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.kennels.documents import KennelBatchPapers, write_kennel_batch
from clerkdesk.ui.views.kennels.keys import KENNEL_REPRINTS, PAPERS_KEYS


class BatchPapers:
    """``said`` gets what to tell the clerk and whether it is a problem."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget,
        said: Callable[[str, bool], None],
        *,
        folder: Path | None = None,
    ) -> None:
        self.ctx, self.parent, self.said, self.folder = ctx, parent, said, folder
        self.busy = False
        self.papers: KennelBatchPapers | None = None
        self.preview: PrintPreview | None = None

    def start(self, result: KennelBatchResult) -> None:
        if not result.renewed or self.busy:
            return
        self.busy = True
        sold = [(sale.kennel_license_id, sale.receipt_id) for sale in result.renewed]
        database, folder, count = self.ctx.database, self.folder, len(sold)
        self.said(f"Writing the certificates and receipts of {counted(count, 'kennel')}…", False)
        self.ctx.tasks.run(
            lambda: write_kennel_batch(database, sold, folder=folder),
            self._written,
            lambda exc: self._failed(exc, count),
        )

    def _written(self, papers: KennelBatchPapers) -> None:
        self.busy = False
        self.papers = papers
        title = f"Year-end kennel renewals — {counted(papers.count, 'kennel')}"
        shown = present(
            self.parent,
            title,
            papers.jobs,
            self.ctx.dialogs.print_job,
            tab_names=papers.tab_names,
            reprint_from=KENNEL_REPRINTS,
        )
        self.preview = shown.preview
        where = papers.certificates.path.parent
        if shown.preview is not None:
            self.said(
                f"Their certificates and receipts are in the preview (Print all sends both), "
                f"saved in {where}.",
                False,
            )
        elif len(shown.sent) == len(papers.jobs):
            self.said(shown.message("Their certificates and receipts"), False)
        else:
            self.said(
                f"Printing cancelled: the certificates and receipts are kept in {where}; print "
                f"them again from each kennel's {KENNEL_REPRINTS}.",
                True,
            )

    def _failed(self, exc: Exception, count: int) -> None:
        self.busy = False
        if not isinstance(exc, (ValidationError, EnvironmentProblem, OSError)):
            raise exc
        self.said("", False)
        self.ctx.dialogs.show_error(
            self.parent,
            "The kennels were renewed, but their papers could not be written",
            f"{exc}\n\nThe {counted(count, 'kennel license')} and their receipts are saved; "
            f"print each from the kennel's Papers… ({PAPERS_KEYS}) once this is put right.",
        )
