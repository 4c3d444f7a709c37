"""Whether a SQLite file would sit on a network drive, where it is not safe.

SQLite's locking relies on the file system's, which network file systems (SMB shares and
NFS exports above all) do not keep faithfully: two workstations then write over each other
and the file is damaged. ClerkDesk refuses such a file and names the shared server instead.

Windows: a UNC path (``\\\\server\\share``) or a mapped drive (``GetDriveTypeW`` says
remote). Linux: the file system type of the mount holding the file's folder, read from
``/proc/self/mountinfo``; the reading is a pure function, tested on sample text.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from urllib.parse import unquote

from clerkdesk.errors import DatabaseUnavailable
from clerkdesk.settings.text import shown

MOUNTINFO = Path("/proc/self/mountinfo")
# Network and remote file systems as Linux names them in mountinfo; "fuse.*" ones carry the
# program that serves them. 9p and virtiofs (a virtual machine's host folders) are local.
NETWORK_FILE_SYSTEMS = frozenset(
    {
        "nfs",
        "nfs4",
        "cifs",
        "smb3",
        "smbfs",
        "ncpfs",
        "afs",
        "ceph",
        "glusterfs",
        "lustre",
        "davfs",
        "fuse.sshfs",
        "fuse.rclone",
        "fuse.glusterfs",
        "fuse.s3fs",
        "fuse.davfs2",
        "fuse.gvfsd-fuse",  # a GNOME desktop's mounted smb://, sftp:// and dav:// places
    }
)
SHARED_SERVER = (
    "set up the office's shared PostgreSQL server (docs/shared-database.md) and point every "
    "workstation at it"
)
_DRIVE_REMOTE = 4


class DatabaseOnNetworkDrive(DatabaseUnavailable):
    """The SQLite file named is on a network drive, where SQLite is not safe."""


@dataclass(frozen=True)
class Mount:
    point: str
    fs_type: str
    source: str


def _unescape(field: str) -> str:
    # mountinfo writes a space, tab, newline and backslash in a path as octal escapes.
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def parse_mountinfo(text: str) -> list[Mount]:
    """Each mount of ``/proc/self/mountinfo`` text, in its order (a later one at the same
    point hides an earlier). A line not in the documented shape is skipped."""
    mounts: list[Mount] = []
    for line in text.splitlines():
        fields = line.split(" ")
        if len(fields) < 7 or "-" not in fields[6:]:
            continue
        rest = fields[fields.index("-", 6) + 1 :]
        if len(rest) < 2:
            continue
        mounts.append(Mount(_unescape(fields[4]), rest[0], _unescape(rest[1])))
    return mounts


def mount_of(path: str, mounts: list[Mount]) -> Mount | None:
    """The mount an absolute, resolved ``path`` lies on: the longest mount point above it."""
    best: Mount | None = None
    for mount in mounts:
        point = mount.point.rstrip("/") or "/"
        inside = path == point or path.startswith(point if point == "/" else point + "/")
        if inside and (best is None or len(point) >= len(best.point.rstrip("/") or "/")):
            best = mount
    return best


def linux_network_mount(path: str, mountinfo: str) -> Mount | None:
    """The network mount holding ``path`` (absolute, resolved), if it is on one."""
    mount = mount_of(path, parse_mountinfo(mountinfo))
    if mount is None:
        return None
    served = mount.fs_type == "fuse" and mount.source.split("#")[0] in ("sshfs", "rclone")
    return mount if mount.fs_type in NETWORK_FILE_SYSTEMS or served else None


def windows_network_share(path: str) -> str | None:
    """The share a Windows path names if it is a UNC path (``\\\\server\\share\\...`` or
    ``\\\\?\\UNC\\server\\share\\...``); None for a drive letter or a relative path."""
    drive = PureWindowsPath(path).drive
    if drive.upper().startswith("\\\\?\\UNC\\"):
        return "\\\\" + drive[8:]
    if drive.startswith("\\\\") and not drive.startswith(("\\\\?\\", "\\\\.\\")):
        return drive
    return None


def _mapped_drive_is_remote(path: str) -> bool:
    if sys.platform != "win32":
        return False
    import ctypes

    drive = PureWindowsPath(os.path.abspath(path)).drive
    if len(drive) != 2 or drive[1] != ":":
        return False
    kind: int = ctypes.windll.kernel32.GetDriveTypeW(drive + "\\")
    return kind == _DRIVE_REMOTE


def _nearest_folder(path: Path) -> Path:
    """The file's folder, or the nearest one above it that exists (a new database)."""
    whole = Path(os.path.abspath(path))
    return next((folder for folder in whole.parents if folder.is_dir()), Path(whole.anchor))


def network_location(
    path: Path, *, platform: str = sys.platform, mountinfo: str | None = None
) -> str | None:
    """Words naming the network drive ``path`` is on ("the network share \\\\server\\share",
    "a cifs network mount of //server/share at /mnt/office"), or None when it is on this
    PC's own disks. ``mountinfo`` stands in for ``/proc/self/mountinfo`` (Linux)."""
    text = str(path)
    if platform == "win32":
        share = windows_network_share(text)
        if share:
            return f"the network share {share}"
        if _mapped_drive_is_remote(text):
            return f"the mapped network drive {PureWindowsPath(os.path.abspath(text)).drive}"
        return None
    if not platform.startswith("linux"):
        return None
    try:
        folder = os.path.realpath(_nearest_folder(path))
        if mountinfo is None:
            mountinfo = MOUNTINFO.read_text(encoding="utf-8", errors="surrogateescape")
    except (OSError, ValueError):
        return None  # no way to tell: the file's own checks still apply
    mount = linux_network_mount(folder, mountinfo)
    if mount is None:
        return None
    return f"a {mount.fs_type} network mount of {mount.source} at {mount.point}"


def sqlite_file(url: str) -> Path | None:
    """The file a ``sqlite:`` address names (as SQLAlchemy reads it); None otherwise."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower().partition("+")[0] != "sqlite" or not rest.startswith("/"):
        return None
    database, _, query = rest[1:].partition("?")
    if "uri=true" in query.lower():
        return None
    database = unquote(database)
    return Path(database) if database and database != ":memory:" else None


def refuse_network_sqlite(
    url: str, *, platform: str = sys.platform, mountinfo: str | None = None
) -> None:
    """Raise ``DatabaseOnNetworkDrive`` when ``url`` names a SQLite file on a network drive."""
    path = sqlite_file(url)
    if path is None:
        return
    where = network_location(path, platform=platform, mountinfo=mountinfo)
    if where is not None:
        raise DatabaseOnNetworkDrive(network_message(path, where))


def network_message(path: Path | str, where: str) -> str:
    return (
        f"The database {shown(path)} is on a network drive ({where}); SQLite files are not "
        f"safe to share that way — {SHARED_SERVER}"
    )
