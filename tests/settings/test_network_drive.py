"""A SQLite file on a network drive is refused with the reason and the shared server
instead: UNC paths and mapped drives on Windows, network mounts on Linux (read from
mountinfo text, so no real mount is needed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from clerkdesk.settings.network_drive import (
    DatabaseOnNetworkDrive,
    linux_network_mount,
    network_location,
    parse_mountinfo,
    refuse_network_sqlite,
    sqlite_file,
    windows_network_share,
)

MOUNTINFO = """\
22 27 0:21 / /proc rw,relatime - proc proc rw
27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard
61 27 0:52 / /mnt/office rw,relatime shared:40 - cifs //fileserver/office rw,vers=3.1.1
62 27 0:53 / /home rw,relatime - nfs4 nas:/export/home rw,vers=4.2
63 62 254:1 / /home/ann/local rw,relatime - ext4 /dev/vdb rw
64 27 0:54 / /mnt/my\\040drive rw - fuse.sshfs ann@laptop:/srv rw,user_id=1000
65 27 0:55 / /mnt/old rw - fuse sshfs#ann@laptop:/old rw
66 27 0:56 / /mnt/vm rw - 9p hostshare rw
67 27 0:57 / /run/user/1000/gvfs rw,nosuid - fuse.gvfsd-fuse gvfsd-fuse rw
this line is not in the shape of mountinfo
"""


@pytest.mark.parametrize(
    ("folder", "fs_type"),
    [
        ("/mnt/office/dogs", "cifs"),
        ("/mnt/office", "cifs"),
        ("/home/ann", "nfs4"),
        ("/mnt/my drive/clerk", "fuse.sshfs"),
        ("/mnt/old", "fuse"),
        ("/run/user/1000/gvfs/smb-share:server=fs,share=office", "fuse.gvfsd-fuse"),
    ],
)
def test_a_folder_on_a_network_mount_is_found(folder: str, fs_type: str) -> None:
    mount = linux_network_mount(folder, MOUNTINFO)
    assert mount is not None and mount.fs_type == fs_type


@pytest.mark.parametrize(
    "folder", ["/", "/var/lib/clerkdesk", "/home/ann/local/db", "/mnt/officeX", "/mnt/vm/x"]
)
def test_a_folder_on_a_local_disk_is_not(folder: str) -> None:
    # /home/ann/local is a local disk mounted inside the NFS home; /mnt/officeX only starts
    # like the share's mount point; a virtual machine's 9p share is the host's own disk
    assert linux_network_mount(folder, MOUNTINFO) is None


def test_mountinfo_lines_are_read_with_their_escapes() -> None:
    mounts = parse_mountinfo(MOUNTINFO)
    assert len(mounts) == 9
    assert mounts[5].point == "/mnt/my drive"
    assert mounts[2].source == "//fileserver/office"


@pytest.mark.parametrize(
    ("path", "share"),
    [
        ("\\\\server\\share\\dogs.sqlite", "\\\\server\\share"),
        ("//server/share/dogs.sqlite", "\\\\server\\share"),
        ("\\\\?\\UNC\\server\\share\\dogs.sqlite", "\\\\server\\share"),
        ("C:\\ClerkDesk\\dogs.sqlite", None),
        ("\\\\?\\C:\\ClerkDesk\\dogs.sqlite", None),
        ("dogs.sqlite", None),
    ],
)
def test_unc_paths_are_shares(path: str, share: str | None) -> None:
    assert windows_network_share(path) == share


def test_a_unc_path_is_refused_on_windows_with_the_shared_server_named() -> None:
    with pytest.raises(DatabaseOnNetworkDrive) as caught:
        refuse_network_sqlite("sqlite:///\\\\fileserver\\clerk\\dogs.sqlite", platform="win32")
    message = str(caught.value)
    assert message.startswith(
        "The database \\\\fileserver\\clerk\\dogs.sqlite is on a network drive "
        "(the network share \\\\fileserver\\clerk); SQLite files are not safe to share that way"
    )
    assert "shared PostgreSQL server (docs/shared-database.md)" in message
    assert "\n" not in message


def test_a_file_in_a_mounted_share_is_refused_on_linux_new_or_not(tmp_path: Path) -> None:
    # GIVEN the test's folder is, as this mountinfo tells it, an SMB share mounted there
    share = os.path.realpath(tmp_path).replace(" ", "\\040")
    mountinfo = f"{MOUNTINFO}70 27 0:60 / {share} rw - cifs //fileserver/clerk rw\n"
    (tmp_path / "dogs.sqlite").touch()

    for path in (tmp_path / "dogs.sqlite", tmp_path / "new" / "dogs.sqlite"):
        # WHEN a database there is asked for, THEN it is refused, naming the mount
        with pytest.raises(DatabaseOnNetworkDrive) as caught:
            refuse_network_sqlite(f"sqlite:///{path}", platform="linux", mountinfo=mountinfo)
        assert str(caught.value).startswith(
            f"The database {path} is on a network drive (a cifs network mount of "
            f"//fileserver/clerk at {os.path.realpath(tmp_path)}); SQLite files are not safe"
        )


def test_a_local_file_a_server_and_memory_are_not_refused(tmp_path: Path) -> None:
    refuse_network_sqlite(f"sqlite:///{tmp_path / 'dogs.sqlite'}")
    refuse_network_sqlite(f"sqlite:///{tmp_path / 'new' / 'folder' / 'dogs.sqlite'}")
    refuse_network_sqlite("postgresql+psycopg://clerk@db/clerkdesk")
    refuse_network_sqlite("sqlite://")
    refuse_network_sqlite("::")
    assert network_location(tmp_path / "dogs.sqlite") is None


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:////srv/dogs.sqlite", "/srv/dogs.sqlite"),
        ("sqlite+pysqlite:///dogs%20office.sqlite", "dogs office.sqlite"),
        ("sqlite:///:memory:", None),
        ("sqlite:///file:x?uri=true", None),
        ("postgresql://db/x", None),
    ],
)
def test_the_file_a_sqlite_address_names(url: str, path: str | None) -> None:
    assert sqlite_file(url) == (Path(path) if path else None)
