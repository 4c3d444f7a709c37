"""Fonts: the ones documents print in, and one for the window from fontconfig."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from clerkdesk.self_check.fonts import check_fonts, screen_fonts

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fontconfig is Linux's")


def test_this_machine_has_the_fonts_clerkdesk_uses() -> None:
    finding = check_fonts()
    assert finding.ok, finding.problems
    assert finding.passed.startswith("documents print in DejaVu Sans")


@linux
def test_fontconfig_names_a_sans_serif_font() -> None:
    found = screen_fonts()
    assert found.count > 0 and found.sans_family and found.sans_file
    assert Path(found.sans_file).is_file()


@linux
def test_a_machine_without_fonts_is_told_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN fontconfig configured with no font folder at all (as a bare system has none)
    config = tmp_path / "fonts.conf"
    config.write_text(f"<fontconfig><cachedir>{tmp_path}/cache</cachedir></fontconfig>\n")
    monkeypatch.setenv("FONTCONFIG_FILE", str(config))

    finding = check_fonts()

    assert [p.what for p in finding.problems] == [
        "fontconfig finds no fonts, so the window's text would not show"
    ]
    assert "fonts-dejavu-core" in finding.problems[0].line()
