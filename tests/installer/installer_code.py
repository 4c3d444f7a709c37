"""The installers' build code, for its tests: it lives in installer/ beside src/, outside the
app's package, so this module puts the checkout on sys.path and hands its modules over.

Tests import them from here (``from installer_code import lockfile``), never as
``installer.x`` directly: the test folder's own name is ``installer`` too, and only once the
checkout is on the path does the real package (which has an ``__init__``) win over it.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from installer import (  # noqa: E402
    authenticode,
    debian,
    lockfile,
    notices,
    pe_imports,
    qt_prune,
    wheels,
    windows_check,
)

__all__ = [
    "REPO",
    "authenticode",
    "debian",
    "lockfile",
    "notices",
    "pe_imports",
    "qt_prune",
    "wheels",
    "windows_check",
]
