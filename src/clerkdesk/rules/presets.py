"""The town profiles shipped in ``resources/presets``: one TOML file per preset id."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.paths import resources_dir
from clerkdesk.rules.errors import UnknownPreset
from clerkdesk.rules.loading import parse_profile
from clerkdesk.rules.profile import TownProfile


@dataclass(frozen=True)
class PresetInfo:
    id: str
    name: str
    year_start: str
    """The license-year start, ``MM-DD``."""


def presets_dir() -> Path:
    return resources_dir() / "presets"


def preset_ids() -> list[str]:
    return sorted(p.stem for p in presets_dir().glob("*.toml"))


def preset_path(preset_id: str) -> Path:
    path = presets_dir() / f"{preset_id}.toml"
    if not preset_id or "/" in preset_id or "\\" in preset_id or not path.is_file():
        raise UnknownPreset(
            f'no town preset "{preset_id}" (presets: {", ".join(preset_ids())})', field="town"
        )
    return path


def preset_toml(preset_id: str) -> str:
    return preset_path(preset_id).read_text(encoding="utf-8")


def load_preset(preset_id: str) -> TownProfile:
    return parse_profile(preset_toml(preset_id))


def list_presets() -> list[PresetInfo]:
    """Every preset, by id; read cheaply (the full check is :func:`load_preset`)."""
    found: list[PresetInfo] = []
    for preset_id in preset_ids():
        document = tomllib.loads(preset_toml(preset_id))
        town = document.get("town", {})
        year = document.get("license_year", {})
        found.append(
            PresetInfo(preset_id, str(town.get("name", preset_id)), str(year.get("start", "")))
        )
    return found
