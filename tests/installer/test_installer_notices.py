"""The license notices name the Qt shipped, which comes from PySide6-Essentials alone."""

from __future__ import annotations

import pytest
from installer_code import notices


def component(name: str, version: str) -> notices.Component:
    return notices.Component(name, version, "LGPL-3.0-only", ())


def test_qt_is_the_version_of_pyside6_essentials() -> None:
    shipped = [component("shiboken6", "6.11.3"), component("PySide6_Essentials", "6.11.3")]
    assert notices.qt_version(shipped) == "6.11.3"
    # a tree still built from the meta-package reads its version as before
    assert notices.qt_version([component("PySide6", "6.10.1")]) == "6.10.1"


def test_no_qt_among_the_packages_is_a_build_error_not_a_wrong_notice() -> None:
    with pytest.raises(LookupError, match="no PySide6"):
        notices.qt_version([component("reportlab", "5.1.0")])


def test_the_terms_no_longer_speak_of_qt_pdf() -> None:
    assert "Qt PDF" not in notices.QT_TERMS and "PySide6-Essentials" in notices.QT_TERMS
