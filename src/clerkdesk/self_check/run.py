"""Every check in turn, each on its own: one that fails unexpectedly is reported as a
problem (a bug, its detail in the log) and the others still run."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from clerkdesk.self_check.findings import Finding, Problem
from clerkdesk.self_check.qt_libraries import Ldd, run_ldd

log = logging.getLogger(__name__)


def run_checks(
    db_option: str | None,
    environ: Mapping[str, str] | None = None,
    ldd: Ldd = run_ldd,
) -> list[Finding]:
    """The findings, in the order a reader fixes them: Python, Qt, fonts, the migrations
    and the database, the folders, a document."""
    from clerkdesk.self_check.database_check import check_database, check_migrations
    from clerkdesk.self_check.folders import check_folders
    from clerkdesk.self_check.fonts import check_fonts
    from clerkdesk.self_check.modules import check_modules
    from clerkdesk.self_check.pdf_check import check_pdf
    from clerkdesk.self_check.qt_check import check_qt

    findings = [
        guarded("modules", check_modules),
        guarded("Qt", lambda: check_qt(environ, ldd)),
        guarded("fonts", check_fonts),
    ]
    head: str | None = None
    place = None

    def migrations() -> Finding:
        nonlocal head
        finding, head = check_migrations()
        return finding

    def database() -> Finding:
        nonlocal place
        finding, place = check_database(db_option, head)
        return finding

    findings += [
        guarded("migrations", migrations),
        guarded("database", database),
        guarded("folders", lambda: check_folders(place)),
        guarded("PDF", check_pdf),
    ]
    return findings


def guarded(name: str, check: Callable[[], Finding]) -> Finding:
    try:
        return check()
    except ImportError as exc:
        # A module missing is not a bug: said as the modules check says it (the command
        # prints a line said twice once).
        from clerkdesk.self_check.modules import WHY, import_problem

        return Finding(name, problems=[import_problem(exc.name or name, exc, WHY)])
    except Exception as exc:  # a bug in a check must not hide what the others find
        log.exception("the self-check's %s check failed", name)
        said = " ".join(str(exc).split())[:200]
        return Finding(
            name,
            problems=[
                Problem(
                    f"the {name} check itself failed ({type(exc).__name__}: {said})",
                    "this is a bug in ClerkDesk; the details are in its log file",
                )
            ],
        )
