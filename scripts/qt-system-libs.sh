#!/usr/bin/env bash
# Before `make run` opens a window: the system libraries Qt's X11 (xcb) platform needs.
# PySide6's wheels carry Qt itself but not libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1 and
# friends, which a fresh Debian desktop lacks; without them the app aborts before its first
# paint. We ask the dynamic linker which ones are missing (not a fixed list that would drift
# with Qt), install them with apt-get when we are root, and otherwise print the one line
# that does. Usage: scripts/qt-system-libs.sh PYTHON
set -u
python=${1:-python3}
# Offscreen, or no X display to open: nothing of X11 is loaded.
[ "${QT_QPA_PLATFORM:-}" = offscreen ] && exit 0
[ -n "${DISPLAY:-}" ] || exit 0
[ "$(uname -s)" = Linux ] || exit 0
command -v ldd >/dev/null 2>&1 || exit 0

qt=$("$python" -c 'import os, PySide6; print(os.path.join(os.path.dirname(PySide6.__file__), "Qt"))' 2>/dev/null) || exit 0
files=()
for f in "$qt"/plugins/platforms/libqxcb.so "$qt"/lib/libQt6XcbQpa.so.6 "$qt"/lib/libQt6PrintSupport.so.6 \
         "$qt"/lib/libQt6Pdf.so.6 "$qt"/lib/libQt6PdfWidgets.so.6 "$qt"/lib/libQt6Svg.so.6 \
         "$qt"/plugins/imageformats/libqsvg.so "$qt"/plugins/iconengines/libqsvgicon.so \
         "$qt"/plugins/xcbglintegrations/libqxcb-glx-integration.so; do
  [ -e "$f" ] && files+=("$f")
done
[ ${#files[@]} -gt 0 ] || exit 0
missing=$(ldd "${files[@]}" 2>/dev/null | awk '/not found/ {print $1}' | sort -u)
[ -n "$missing" ] || exit 0

# The Debian package that ships each library; a name not listed is derived from the soname
# the way Debian names library packages (libfoo-bar.so.1 -> libfoo-bar1).
declare -A known=(
  [libxcb-cursor.so.0]=libxcb-cursor0 [libxcb-icccm.so.4]=libxcb-icccm4
  [libxcb-keysyms.so.1]=libxcb-keysyms1 [libxcb-image.so.0]=libxcb-image0
  [libxcb-render-util.so.0]=libxcb-render-util0 [libxcb-xinerama.so.0]=libxcb-xinerama0
  [libxcb-xkb.so.1]=libxcb-xkb1 [libxkbcommon-x11.so.0]=libxkbcommon-x11-0
  [libxkbcommon.so.0]=libxkbcommon0 [libxcb-randr.so.0]=libxcb-randr0
  [libxcb-shape.so.0]=libxcb-shape0 [libxcb-xfixes.so.0]=libxcb-xfixes0
  [libxcb-sync.so.1]=libxcb-sync1 [libxcb-shm.so.0]=libxcb-shm0 [libxcb-util.so.1]=libxcb-util1
  [libxcb-render.so.0]=libxcb-render0 [libxcb-xinput.so.0]=libxcb-xinput0 [libxcb.so.1]=libxcb1
  [libX11-xcb.so.1]=libx11-xcb1 [libX11.so.6]=libx11-6 [libSM.so.6]=libsm6 [libICE.so.6]=libice6
  [libEGL.so.1]=libegl1 [libGL.so.1]=libgl1 [libOpenGL.so.0]=libopengl0 [libGLX.so.0]=libglx0
  [libfontconfig.so.1]=libfontconfig1 [libfreetype.so.6]=libfreetype6 [libdbus-1.so.3]=libdbus-1-3
  [libglib-2.0.so.0]=libglib2.0-0 [libcups.so.2]=libcups2
)
packages=()
for lib in $missing; do
  pkg=${known[$lib]:-}
  if [ -z "$pkg" ]; then
    base=${lib%%.so*}; version=${lib##*.so.}; version=${version%%.*}
    pkg=$(printf '%s' "$base" | tr 'A-Z_' 'a-z-')
    case $pkg in *[0-9]) pkg="$pkg-$version" ;; *) pkg="$pkg$version" ;; esac
  fi
  packages+=("$pkg")
done
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
  echo "Qt needs system libraries this machine lacks to open a window: $missing" >&2
fi
exit 1
