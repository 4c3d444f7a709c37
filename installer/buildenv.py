"""The build's own virtual environment, from the lock file's ``linux`` and ``tools`` wheels
only (``--no-index --require-hashes``): PyInstaller and hatchling, and the app's Linux
dependencies for PyInstaller to freeze. Reused while the lock file is unchanged."""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

from installer.context import Build
from installer.lockfile import in_group
from installer.steps import run, say


def ensure_venv(build: Build) -> Path:
    venv = build.cache / "venv"
    python = venv / "bin" / "python"
    entries = in_group(build.entries, "linux", "tools")
    requirements = "".join(f"{e.requirement}\n" for e in entries)
    stamp_text = hashlib.sha256(requirements.encode()).hexdigest()
    stamp = venv / ".locked"
    if python.exists() and stamp.exists() and stamp.read_text() == stamp_text:
        return python
    say("creating the build environment (PyInstaller, hatchling, the app's Linux wheels)")
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv])
    req = build.cache / "venv-requirements.txt"
    req.write_text(requirements, encoding="utf-8")
    run(
        [python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
         "--require-hashes", "--find-links", build.downloads, "-r", req],
    )  # fmt: skip
    stamp.write_text(stamp_text)
    return python


def clerkdesk_wheel(build: Build, python: Path) -> Path:
    """ClerkDesk's own wheel, built from this checkout by the locked hatchling, offline."""
    dest = build.work / "wheel"
    shutil.rmtree(dest, ignore_errors=True)
    say("building ClerkDesk's wheel")
    run(
        [python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--wheel-dir", dest, build.repo],
    )  # fmt: skip
    (wheel,) = dest.glob("clerkdesk-*.whl")
    return wheel


def site_packages(python: Path) -> Path:
    out = run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture=True
    )
    return Path(out.stdout.strip().splitlines()[-1])
