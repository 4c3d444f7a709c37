"""Regenerate every screenshot in docs/screenshots from a fresh demo database.

make docs
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
VIEWS = (
    "counter",
    "owners",
    "tags",
    "money",
    "reports",
    "settings",
    "about",
    "sign-in",
)


def main() -> int:
    target = HERE / "screenshots"
    target.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="clerkdesk-docs-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'demo.sqlite'}"
        clerkdesk = [sys.executable, "-m", "clerkdesk", "--db", url]
        subprocess.run([*clerkdesk, "demo", "--dogs", "5000", "--seed", "1"], check=True)
        for view in VIEWS:
            subprocess.run(
                [*clerkdesk, "screenshot", str(target / f"{view}.png"), "--view", view],
                check=True,
            )
    # The counter's states, the printed documents, the Tags and Kennels areas, the season and
    # the year-end dialogs, the remittance, the audit trail, printing, the tag labels and the
    # screens with the longest values have scripts of their own.
    for script in (
        "make_counter_screenshots.py",
        "make_document_screenshots.py",
        "make_tags_screenshots.py",
        "make_kennels_screenshots.py",
        "make_yearend_screenshots.py",
        "make_reports_screenshots.py",
        "make_audit_screenshots.py",
        "make_printing_screenshots.py",
        "make_label_screenshots.py",
        "make_long_values_screenshots.py",
        "make_setup_screenshots.py",
        "make_import_screenshots.py",
        "make_records_screenshots.py",
        "make_enforcement_screenshots.py",
        "make_paper_screenshots.py",
    ):
        subprocess.run([sys.executable, str(HERE / script)], check=True)
    today = dt.datetime.now().astimezone().date()
    sys.stdout.write(f"screenshots written to {target} on {today.isoformat()}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
