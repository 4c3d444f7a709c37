#!/usr/bin/env bash
# Before `make run` opens a window: the system libraries Qt's X11 (xcb) platform needs.
# PySide6's wheels carry Qt itself but not libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1 and
# friends, which a fresh Debian desktop lacks; without them the app aborts before its first
# paint. Which are missing, and the Debian package of each, `clerkdesk self-check` knows
# (the dynamic linker is asked, not a fixed list; the one table of packages is
# src/clerkdesk/self_check/system_packages.py): this script installs them with apt-get when
# we are root, and otherwise prints the one line that does. Usage: scripts/qt-system-libs.sh PYTHON
set -u
python=${1:-python3}
# Offscreen, or no X display to open: nothing of X11 is loaded.
[ "${QT_QPA_PLATFORM:-}" = offscreen ] && exit 0
[ -n "${DISPLAY:-}" ] || exit 0
[ "$(uname -s)" = Linux ] || exit 0

# One package a line; nothing when all is there (or ldd cannot be asked).
mapfile -t packages < <("$python" -m clerkdesk.self_check.qt_check 2>/dev/null)
[ ${#packages[@]} -gt 0 ] || exit 0
line="apt-get install -y ${packages[*]}"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the libraries Qt needs to open a window: ${packages[*]}"
  if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null 2>&1 ||
     { apt-get update -qq >/dev/null 2>&1 &&
       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null 2>&1; }; then
    exit 0
  fi
  echo "Could not install them; run: $line" >&2
  exit 1
fi
if command -v apt-get >/dev/null 2>&1; then
  echo "Qt needs system libraries this machine lacks to open a window. Run: sudo $line" >&2
else
  echo "Qt needs system libraries this machine lacks to open a window; install the packages that provide them (on Debian or Ubuntu: ${packages[*]})" >&2
fi
exit 1
