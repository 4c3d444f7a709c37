"""Start-up settings in layers, as offices expect: the command line, then the environment,
then the login's own settings file, then the machine-wide file IT pushes, then the default.

The first layer that gives a setting a non-empty value wins, and each value keeps where it
came from so that ``clerkdesk config show`` can say. Settings of the office itself (fees,
the seal, the idle lock) are not here: they live in the database every workstation shares.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from clerkdesk import paths
from clerkdesk.settings.files import SettingsFile, read_settings_file


class Layer(enum.StrEnum):
    COMMAND_LINE = "command line"
    ENVIRONMENT = "environment variable"
    USER_FILE = "user file"
    MACHINE_FILE = "machine file"
    DEFAULT = "default"


@dataclass(frozen=True)
class Setting:
    section: str
    key: str
    meaning: str
    default: Callable[[Mapping[str, str] | None], str]  # given the environment
    env: str | None = None
    option: str | None = None
    is_folder: bool = False

    @property
    def name(self) -> str:
        """As written in a settings file: ``[database] url``."""
        return f"[{self.section}] {self.key}"


DATABASE_URL = Setting(
    "database",
    "url",
    "the database: a SQLite file on this PC or the office's shared server",
    default=lambda _env: f"sqlite:///{paths.default_database_path()}",
    env="CLERKDESK_DB_URL",
    option="--db",
)
LOG_FOLDER = Setting(
    "logging",
    "folder",
    "the folder of the log file",
    default=lambda _env: str(paths.user_log_dir()),
    env="CLERKDESK_LOG_DIR",
    is_folder=True,
)
PRINTING_FOLDER = Setting(
    "printing",
    "settings folder",
    "the folder of this workstation's printers, trays and label calibrations (printers.ini)",
    default=lambda env: str(paths.machine_data_dir(env)),
    env="CLERKDESK_PRINTING_DIR",
    is_folder=True,
)
SETTINGS: tuple[Setting, ...] = (DATABASE_URL, LOG_FOLDER, PRINTING_FOLDER)


@dataclass(frozen=True)
class Origin:
    layer: Layer
    where: str = ""  # the option, the variable or the file

    def words(self) -> str:
        """``command line (--db)``, ``environment variable CLERKDESK_DB_URL``,
        ``machine file /etc/xdg/ClerkDesk/clerkdesk.ini``, ``default``."""
        if self.layer is Layer.COMMAND_LINE:
            return f"command line ({self.where})"
        return f"{self.layer.value} {self.where}".strip()


@dataclass(frozen=True)
class Resolved:
    setting: Setting
    value: str
    origin: Origin


@dataclass(frozen=True)
class StartupSettings:
    """Every start-up setting with the layer it came from, and the files read."""

    resolved: tuple[Resolved, ...]
    files: tuple[SettingsFile, ...]

    def __getitem__(self, setting: Setting) -> Resolved:
        return next(r for r in self.resolved if r.setting == setting)

    def value(self, setting: Setting) -> str:
        return self[setting].value

    def folder(self, setting: Setting) -> Path:
        return Path(self[setting].value)

    def unknown_keys(self) -> list[str]:
        """Keys in the files that no setting reads (a misspelt section or key is otherwise
        silently ignored), as ``[databse] url in FILE``."""
        known = {(s.section, s.key) for s in SETTINGS}
        return [
            f"[{section}] {key} in {file.path}"
            for file in self.files
            for section, key in file.values
            if (section, key) not in known
        ]


def settings_files(environ: Mapping[str, str] | None = None) -> list[SettingsFile]:
    """The user's file, then each machine-wide file, most important first."""
    found = [read_settings_file(paths.user_settings_file(environ), Layer.USER_FILE.value)]
    found += [
        read_settings_file(path, Layer.MACHINE_FILE.value)
        for path in paths.machine_settings_files(environ)
    ]
    return found


def load_settings(
    command_line: Mapping[Setting, str | None] | None = None,
    environ: Mapping[str, str] | None = None,
) -> StartupSettings:
    """Every setting from its first layer with a value; raises ``SettingsFileInvalid``
    (one line naming the file and the line) for a settings file that cannot be read."""
    env = os.environ if environ is None else environ
    given = command_line or {}
    files = settings_files(environ)
    resolved = tuple(_resolve(setting, given.get(setting), env, files) for setting in SETTINGS)
    return StartupSettings(resolved, tuple(files))


def _resolve(
    setting: Setting, option: str | None, env: Mapping[str, str], files: list[SettingsFile]
) -> Resolved:
    if option and setting.option:
        origin = Origin(Layer.COMMAND_LINE, setting.option)
        return Resolved(setting, _folder(setting, option), origin)
    if setting.env and env.get(setting.env, "").strip():
        value = env[setting.env].strip()
        return Resolved(setting, _folder(setting, value), Origin(Layer.ENVIRONMENT, setting.env))
    for file in files:
        value = file.values.get((setting.section, setting.key), "")
        if value:
            origin = Origin(Layer(file.kind), str(file.path))
            return Resolved(setting, _folder(setting, value, file.path.parent), origin)
    return Resolved(setting, setting.default(env), Origin(Layer.DEFAULT))


def _folder(setting: Setting, value: str, beside: Path | None = None) -> str:
    """A folder as an absolute path: ``~`` and ``$VAR``/``%VAR%`` expanded, and a relative
    one taken from the settings file's own folder (else the working folder)."""
    if not setting.is_folder:
        return value
    path = Path(os.path.expandvars(os.path.expanduser(value)))
    if not path.is_absolute():
        path = (beside or Path.cwd()) / path
    return str(path)
