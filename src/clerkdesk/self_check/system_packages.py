"""Which Debian package ships a system library Qt needs, and the one line that installs them.

The one table of it: ``clerkdesk self-check``, the window's pre-start check and
``scripts/qt-system-libs.sh`` (through ``python -m clerkdesk.self_check.qt_libraries``) all
read it. Names are Debian 12's (Ubuntu's are the same); Debian 13 renamed a few for 64-bit
time (libglib2.0-0t64) and its new packages provide the old names, so apt still finds them.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable

# soname -> package, for the libraries PySide6's Qt loads from the system: X11 and xcb for
# the window, Wayland, OpenGL/EGL, fonts, D-Bus, GLib, printing. A name not here is derived
# from the soname the way Debian names library packages (``debian_package``).
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libXext.so.6": "libxext6",
    "libXrender.so.1": "libxrender1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
    "libgmodule-2.0.so.0": "libglib2.0-0",
    "libcups.so.2": "libcups2",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libdrm.so.2": "libdrm2",
    "libgssapi_krb5.so.2": "libgssapi-krb5-2",
    "libpng16.so.16": "libpng16-16",
    "libz.so.1": "zlib1g",
    "libexpat.so.1": "libexpat1",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
}
_SONAME = re.compile(r"^(?P<base>.+?)\.so(?:\.(?P<major>\d+))?")


def debian_package(soname: str) -> str:
    """``libxcb-icccm.so.4`` → ``libxcb-icccm4``; a soname the table lacks is named as Debian
    names library packages: lower case, a hyphen before the version after a digit."""
    known = DEBIAN_PACKAGES.get(soname)
    if known is not None:
        return known
    match = _SONAME.match(soname)
    if match is None:
        return soname.lower()
    base = match["base"].lower().replace("_", "-")
    major = match["major"] or ""
    return f"{base}-{major}" if base[-1:].isdigit() and major else base + major


def packages_for(sonames: Iterable[str]) -> list[str]:
    """The packages for ``sonames``, each once, in the order first needed."""
    return list(dict.fromkeys(debian_package(name) for name in sonames))


def install_fix(packages: Iterable[str]) -> str:
    """The words that install ``packages``: the apt-get line where apt is, else the names."""
    names = " ".join(packages)
    if shutil.which("apt-get") is None:
        return f"install the packages that provide them (on Debian or Ubuntu: {names})"
    sudo = "" if hasattr(os, "geteuid") and os.geteuid() == 0 else "sudo "
    return f"install them: {sudo}apt-get install {names}"
