"""The Windows tree's command line run under Wine, where Wine is installed (optional).

The structural check proves the tree complete; this proves its Python runs: the embeddable
CPython with the Windows wheels' compiled parts (SQLAlchemy, argon2's cffi binding,
ReportLab's accelerator, pypdfium2, openpyxl) upgrades a database, fills a demo town and
writes a certificate and a remittance, through ``clerkdesk.cmd`` as IT would type it. Qt is
not tried: Qt 6.11 needs ``icuuc.dll``, which Windows 10 (1903 and newer) has and Wine 8
lacks. The build does not install Wine (it is large): ``apt-get install wine64 wine``.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

from installer.context import Build
from installer.steps import BuildError, say

COMMANDS = (
    "--version",
    "--db sqlite:///C:/smoke.sqlite db upgrade",
    "--db sqlite:///C:/demo.sqlite demo --dogs 5",
    "--db sqlite:///C:/demo.sqlite print certificate 1 --pdf C:/smoke-certificate.pdf",
    "--db sqlite:///C:/demo.sqlite report remittance --month {month} "
    "--pdf C:/smoke-remittance.pdf --xlsx C:/smoke-remittance.xlsx",
)
OUTPUTS = ("smoke-certificate.pdf", "smoke-remittance.pdf", "smoke-remittance.xlsx")


def run_cli(build: Build, tree: Path) -> bool:
    """True when the commands ran and their files read back; False when Wine is missing."""
    wine = shutil.which("wine")
    if wine is None:
        say("Wine is not installed: the Windows tree's commands were not run (optional)")
        return False
    prefix = build.work / "wine-prefix"
    shutil.rmtree(prefix, ignore_errors=True)
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(build.work),
        "WINEPREFIX": str(prefix),
        "WINEDEBUG": "-all",
        "WINEDLLOVERRIDES": "mscoree,mshtml=",  # no prompts to install Mono or Gecko
        "CLERKDESK_USER": "admin",
        "CLERKDESK_PASSWORD": "demo-admin",
    }
    month = dt.datetime.now(tz=dt.UTC).strftime("%Y-%m")
    say("running the Windows tree's commands under Wine")
    for command in (c.format(month=month) for c in COMMANDS):
        args = [wine, "cmd", "/c", "clerkdesk.cmd", *command.split()]
        try:
            result = subprocess.run(
                args, cwd=tree, env=env, text=True, capture_output=True, timeout=600,
                encoding="utf-8", errors="replace",
            )  # fmt: skip
        except subprocess.TimeoutExpired as exc:
            raise BuildError(f"under Wine, clerkdesk.cmd {command} did not end") from exc
        last = (result.stdout.strip() or result.stderr.strip()).splitlines()[-1:] or [""]
        say(f"  > clerkdesk.cmd {command}  -> {result.returncode}  {last[0][:120]}")
        if result.returncode != 0:
            raise BuildError(f"under Wine, clerkdesk.cmd {command} exited {result.returncode}:\n"
                             f"{(result.stdout + result.stderr)[-2000:]}")  # fmt: skip
    out = build.work / "smoke" / "windows-wine"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in OUTPUTS:
        shutil.copyfile(prefix / "drive_c" / name, out / name)
    from pypdf import PdfReader

    for name in OUTPUTS[:2]:
        if not PdfReader(out / name).pages:
            raise BuildError(f"under Wine, {name} has no page")
    subprocess.run(["wineserver", "-k"], env=env, check=False)
    return True
