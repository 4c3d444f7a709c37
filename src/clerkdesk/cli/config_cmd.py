"""``clerkdesk config show``: each start-up setting, its value and where it came from (the
command line, an environment variable, the login's settings file, the machine-wide one IT
pushes, or the default), a password in an address masked.

It opens no database and changes nothing, so that IT can look at a workstation whose
database cannot be opened; a settings file that cannot be read is said in one line.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from clerkdesk.cli.context import CliContext, out

FILE_FORMAT = """\
Settings files are INI, e.g. [database] then url = postgresql://USER@HOST/NAME; the first
layer that gives a setting a value wins: command line, environment, user file, machine file,
default."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "config",
        help="this workstation's start-up settings and where each came from",
        description="Start-up settings in layers: the command line, then the environment, "
        "then this login's settings file, then the machine-wide file IT pushes, then the "
        "default. Settings of the office itself live in the database.",
    )
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION", required=True)
    show = actions.add_parser(
        "show",
        help="print each setting, its value and where it came from",
        description="Print each start-up setting, its value (a password masked) and where it "
        "came from, then the settings files read, most important first. Opens no database. "
        + FILE_FORMAT,
    )
    show.add_argument("--json", action="store_true", help="print the same as JSON")
    show.set_defaults(handler=handle_show)


def handle_show(args: argparse.Namespace, ctx: CliContext) -> int:
    report = settings_report(ctx.db_option)
    if args.json:
        out(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    for item in report["settings"]:
        out(f"{item['name']} = {item['value']}")
        out(f"    from the {item['from']}" if item["layer"] != "default" else "    default")
        for note in item["notes"]:
            out(f"    note: {note}")
    out("settings files, most important first:")
    for file in report["files"]:
        out(f"    {file['layer']} {file['path']}{'' if file['exists'] else ' (none)'}")
    for key in report["unknown"]:
        out(f"not a setting, ignored: {key}")
    return 0


def settings_report(db_option: str | None) -> dict[str, Any]:
    """What ``config show`` prints, as plain data (its ``--json``)."""
    from clerkdesk.config import normalize_url
    from clerkdesk.settings import DATABASE_URL, PRINTING_FOLDER, load_settings
    from clerkdesk.settings.network_drive import network_location, sqlite_file
    from clerkdesk.settings.printer_store import printer_store
    from clerkdesk.settings.text import masked, shown

    settings = load_settings({DATABASE_URL: db_option})
    items = []
    for resolved in settings.resolved:
        notes: list[str] = []
        if resolved.setting == DATABASE_URL:
            path = sqlite_file(normalize_url(resolved.value))
            where = network_location(path) if path is not None else None
            if where is not None:
                notes.append(f"refused: the file is on a network drive ({where})")
        if resolved.setting == PRINTING_FOLDER:
            store = printer_store(make=False)
            notes.append(
                f"every login on this computer shares {shown(store.path)}"
                if store.shared
                else store.note
            )
        items.append(
            {
                "name": resolved.setting.name,
                "section": resolved.setting.section,
                "key": resolved.setting.key,
                "value": masked(shown(resolved.value)),
                "layer": resolved.origin.layer.value,
                "where": shown(resolved.origin.where),
                "from": shown(resolved.origin.words()),
                "meaning": resolved.setting.meaning,
                "notes": notes,
            }
        )
    files = [
        {"layer": file.kind, "path": shown(file.path), "exists": file.exists}
        for file in settings.files
    ]
    unknown = [shown(key) for key in settings.unknown_keys()]
    return {"settings": items, "files": files, "unknown": unknown}
