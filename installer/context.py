"""Where the build reads and writes, handed to each step (no globals)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from installer.lockfile import Entry

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Build:
    repo: Path
    cache: Path  # git-ignored: downloads, the build venv, the chroot base
    work: Path  # git-ignored: trees being assembled
    out: Path  # the installers
    entries: tuple[Entry, ...]
    version: str

    @property
    def downloads(self) -> Path:
        return self.cache / "downloads"

    def file(self, entry: Entry) -> Path:
        return self.downloads / entry.filename


def project_version(repo: Path) -> str:
    with (repo / "pyproject.toml").open("rb") as stream:
        return str(tomllib.load(stream)["project"]["version"])


def project_dependencies(repo: Path) -> list[str]:
    with (repo / "pyproject.toml").open("rb") as stream:
        return list(tomllib.load(stream)["project"]["dependencies"])
