"""Running the build's commands and saying what it does, one line a step."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

_START = time.monotonic()


class BuildError(RuntimeError):
    """A step that failed, with what to do about it."""


def say(message: str) -> None:
    elapsed = time.monotonic() - _START
    sys.stderr.write(f"[{elapsed:6.0f}s] {message}\n")
    sys.stderr.flush()


def run(
    command: Sequence[str | Path],
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    capture: bool = False,
    check: bool = True,
) -> subprocess.CompletedProcess[str]:
    args = [str(part) for part in command]
    merged = {**os.environ, **env} if env else None
    result = subprocess.run(
        args, cwd=cwd, env=merged, text=True, check=False,
        stdout=subprocess.PIPE if capture else None,
        stderr=subprocess.STDOUT if capture else None,
    )  # fmt: skip
    if check and result.returncode != 0:
        tail = (result.stdout or "")[-4000:] if capture else ""
        raise BuildError(f"{' '.join(args[:6])} … exited {result.returncode}\n{tail}")
    return result


def need_tool(program: str, debian_package: str) -> str:
    """The program's path; installed with apt-get when missing and we are root (the project's
    own files install what it needs: a new machine has none of these)."""
    found = shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        say(f"installing {debian_package} (for {program}) with apt-get")
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        if run(
            ["apt-get", "install", "-y", "-qq", debian_package], env=env, check=False
        ).returncode:
            run(["apt-get", "update", "-qq"], env=env)
            run(["apt-get", "install", "-y", "-qq", debian_package], env=env)
        found = shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin")
        if found:
            return found
    raise BuildError(f"{program} is needed: apt-get install {debian_package}")


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mib(size: int) -> str:
    return f"{size / (1 << 20):.1f} MiB"
