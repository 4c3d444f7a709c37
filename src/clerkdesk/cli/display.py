"""Whether Qt has a screen to draw on, said in one line when it has not."""

from __future__ import annotations

import os
import sys

NO_DISPLAY = (
    "no display found: run `QT_QPA_PLATFORM=offscreen clerkdesk` to start without a screen, "
    "or `xvfb-run clerkdesk` for a virtual one"
)


def has_display(environ: dict[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return True
    return bool(env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
