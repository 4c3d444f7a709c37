"""Which kinds a test is, for choosing what a run includes: ``-m "not gui and not process"``.

- ``gui``: real Qt widgets (every test under ``tests/ui/``, and any test that asks for
  ``qtbot``);
- ``pg``: the PostgreSQL server the suite starts (the ``postgresql`` case of ``database``,
  or any test that asks for the server);
- ``process``: starts other processes or threads of work (a ``clerkdesk`` process, ``pg_dump``,
  workstations racing each other), found by what its module uses;
- ``slow``: takes long for what it shows (a demo town filled, every command in turn, many
  generated examples, the migrations down and up), named by module in ``SLOW_MODULES``.

The quick loop (``make check``) runs what is none of these.
"""

from __future__ import annotations

from pathlib import Path

import pytest

_TESTS = Path(__file__).resolve().parent
_SERVER_FIXTURES = {"postgres_server", "postgres_head"}
# What a module that starts processes or racing workstations uses.
_PROCESS_NAMES = {"subprocess", "multiprocessing", "clerkdesk_process", "at_once", "threading"}
# Modules whose tests took half a second or more each, or ten seconds together, in a whole
# run on 2 cores (docs/testing.md): fills of demo towns, every command in turn, long
# documents, property tests with many examples, migrations down and up.
SLOW_MODULES: frozenset[str] = frozenset(
    {
        "test_cli_audit",
        "test_cli_closeout",
        "test_cli_exports",
        "test_cli_bad_input",
        "test_cli_foundation",
        "test_cli_kennels",
        "test_cli_notices",
        "test_cli_print_documents",
        "test_cli_report_remittance",
        "test_cli_report_unlicensed",
        "test_cli_tags_marks",
        "test_cli_users",
        "test_demo_audit",
        "test_demo_closeouts",
        "test_demo_history",
        "test_demo_kennels",
        "test_demo_resumes",
        "test_demo_town",
        "test_license_year_cycle",
        "test_license_year_with_kennels",
        "test_migrations",
        "test_notices_demo",
        "test_prepared",
        "test_remittance_files",
        "test_remittance_property",
        "test_remittance_schedules",
        "test_rules_on_time_property",
        "test_rules_properties",
        "test_search",
        "test_tag_races",
        "test_unlicensed",
        "test_unlicensed_complete",
        "test_year_end_demo",
        "test_year_open",
    }
)


def kinds_of(item: pytest.Item) -> list[str]:
    """The markers ``item`` gets by where it lives and what it asks for."""
    kinds: list[str] = []
    fixtures = set(getattr(item, "fixturenames", ()))
    path = Path(str(item.path)).resolve()
    in_ui = _TESTS / "ui" in path.parents
    if in_ui or "qtbot" in fixtures:
        kinds.append("gui")
    if item.get_closest_marker("postgres") or fixtures & _SERVER_FIXTURES:
        kinds.append("pg")
    module = getattr(item, "module", None)
    if module is not None and _PROCESS_NAMES & set(vars(module)):
        kinds.append("process")
    if path.stem in SLOW_MODULES:
        kinds.append("slow")
    return kinds
