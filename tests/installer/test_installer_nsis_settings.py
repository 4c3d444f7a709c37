"""The Windows setup writes the settings file the app reads: same file, section and key."""

from __future__ import annotations

import re

from installer_code import REPO

from clerkdesk.paths import APP_NAME, SETTINGS_FILE_NAME
from clerkdesk.settings.layers import DATABASE_URL

SETUP = (REPO / "installer" / "nsis" / "setup.nsi").read_text(encoding="utf-8")


def test_the_setup_writes_the_database_address_where_the_app_reads_it() -> None:
    assert f'!define SETTINGS_FILE "{SETTINGS_FILE_NAME}"' in SETUP
    assert f'!define APP "{APP_NAME}"' in SETUP
    written = re.findall(r'WriteINIStr "\$0\\\$\{SETTINGS_FILE\}" "(\w+)" "(\w+)"', SETUP)
    assert written == [(DATABASE_URL.section, DATABASE_URL.key)]


def test_the_machine_file_goes_to_programdata_and_a_login_s_own_to_localappdata() -> None:
    # %PROGRAMDATA%\ClerkDesk\clerkdesk.ini for every login; %LOCALAPPDATA% for /CurrentUser.
    assert "ReadEnvStr $0 PROGRAMDATA" in SETUP and "ReadEnvStr $0 LOCALAPPDATA" in SETUP
    assert "/DBURL=" in SETUP


def test_the_uninstaller_removes_the_program_and_never_the_data() -> None:
    uninstall = SETUP.split('Section "Uninstall"', 1)[1]
    assert 'RMDir /r "$INSTDIR"' not in uninstall
    for data in ("LOCALAPPDATA", "PROGRAMDATA", "clerkdesk.sqlite", "SETTINGS_FILE"):
        assert data not in uninstall
