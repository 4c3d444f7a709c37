"""Which kinds a test is, for choosing what a run includes: ``-m "not gui and not process"``.

- ``gui``: real Qt widgets (every test under ``tests/ui/``, and any test that asks for
  ``qtbot``);
- ``pg``: the PostgreSQL server the suite starts (the ``postgresql`` case of ``database``,
  or any test that asks for the server);
- ``process``: starts other processes or threads of work (a ``clerkdesk`` process, ``pg_dump``,
  workstations racing each other), found by what its module uses;
- ``slow``: builds something big before it can look (a demo town, every page of a long
  document, many generated examples), named by module in ``SLOW_MODULES``.

The quick loop (``make check``) runs what is none of these.
"""

from __future__ import annotations

from pathlib import Path

import pytest

_TESTS = Path(__file__).resolve().parent
_SERVER_FIXTURES = {"postgres_server", "postgres_head"}
# What a module that starts processes or racing workstations uses.
_PROCESS_NAMES = {"subprocess", "multiprocessing", "clerkdesk_process", "at_once", "threading"}
SLOW_MODULES: frozenset[str] = frozenset()


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
