"""The Linux installers: a PyInstaller onedir of the app, as a tarball and as a .deb.

The bundle is frozen from the lock file's ``linux`` wheels by the locked PyInstaller, with
the interpreter the build runs on (CPython 3.11). PyInstaller's PySide6 hooks collect only
the Qt modules and plugins the app imports. Libraries of the desktop that PyInstaller copied
from the build machine (X11, xcb, GL, fontconfig, freetype, glib, D-Bus) are taken out again:
the .deb depends on the system's, which match the system's fonts, drivers and X server.
"""

from __future__ import annotations

import os
import shutil
import sys
import tarfile
from pathlib import Path

from installer import debian, notices
from installer.buildenv import site_packages
from installer.context import Build
from installer.steps import BuildError, mib, need_tool, run, say, tree_size

ENTRY = "from clerkdesk.cli.main import main\n\nraise SystemExit(main())\n"
# Loaded by name where PyInstaller's import scan cannot see them: SQLAlchemy's dialects and
# their driver, ReportLab's optional accelerator (clerkdesk self-check names the same ones).
HIDDEN = (
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.postgresql.psycopg",
    "psycopg",
    "psycopg_binary",
    "_rl_accel",
)
EXCLUDED = ("tkinter", "readline", "pytest", "IPython", "matplotlib", "numpy")
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Qt parts a widgets app on an X11 desktop never loads: Wayland and EGLFS (Qt falls back to
# xcb through XWayland), the GTK theme (it would make GTK 3 a dependency), the on-screen
# keyboard (Qt Quick with it), translations (the app installs no Qt translator).
UNUSED_QT = (
    "translations",
    "plugins/wayland-*",
    "plugins/egldeviceintegrations",
    "plugins/platforms/libqwayland*",
    "plugins/platforms/libqeglfs*",
    "plugins/platforms/libqlinuxfb*",
    "plugins/platforms/libqvnc*",
    "plugins/platforms/libqminimalegl*",
    "plugins/platforms/libqvkkhrdisplay*",
    "plugins/platformthemes/libqgtk3*",
    "plugins/platforminputcontexts/libqtvirtualkeyboard*",
)


def freeze(build: Build, python: Path, wheel: Path) -> Path:
    run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--force-reinstall", wheel])  # fmt: skip
    site = site_packages(python)
    work = build.work / "linux"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    entry = work / "clerkdesk_entry.py"
    entry.write_text(ENTRY, encoding="utf-8")
    say("freezing the app with PyInstaller (a few minutes)")
    args: list[str | Path] = [
        python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--onedir", "--name", "clerkdesk",
        "--distpath", work / "dist", "--workpath", work / "pyi", "--specpath", work,
        "--collect-data", "clerkdesk", "--collect-submodules", "clerkdesk",
        # Alembic runs the revisions from their .py files, which collect-data leaves out.
        "--add-data", f"{site / 'clerkdesk' / '_migrations'}:clerkdesk/_migrations",
        "--collect-data", "tzdata",
        # ReportLab picks its barcode kinds (and fonts' data) by name at run time.
        "--collect-submodules", "reportlab",
        *[a for h in HIDDEN for a in ("--hidden-import", h)],
        *[a for x in EXCLUDED for a in ("--exclude-module", x)],
        entry,
    ]  # fmt: skip
    run(args, env={"PYTHONHASHSEED": "0", "SOURCE_DATE_EPOCH": "1700000000"})
    bundle = work / "dist" / "clerkdesk"
    before = tree_size(bundle)
    removed = _prune(bundle)
    say(f"bundle frozen: {mib(before)}, pruned to {mib(tree_size(bundle))} ({removed} files)")
    return bundle


def _prune(bundle: Path) -> int:
    """Take out what the app never loads, then every library nothing left needs."""
    internal = bundle / "_internal"
    qt = internal / "PySide6" / "Qt"
    doomed = [p for pattern in UNUSED_QT for p in qt.glob(pattern)]
    # The desktop's own libraries come from the system (the .deb's Depends).
    doomed += [
        p for p in internal.rglob("*.so*") if p.name in debian.DESKTOP or p.name in debian.BASE
    ]
    for path in doomed:
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
    removed = len(doomed)
    # Libraries copied only for what was just removed (Qt Quick for the virtual keyboard,
    # GnuTLS for CUPS...): a library of the bundle's own folders that no file left needs.
    candidates = {p for p in [*internal.glob("*.so*"), *(qt / "lib").glob("*.so*")] if p.is_file()}
    while True:
        files = [p for p in bundle.rglob("*") if p.is_file()]
        needed = debian.needed_of(files)
        orphans = [
            p for p in candidates if p.exists() and p.name not in needed and not _loaded_by_name(p)
        ]
        if not orphans:
            return removed
        for path in orphans:
            path.unlink()
        removed += len(orphans)


def _loaded_by_name(path: Path) -> bool:
    """Python's extension modules (imported) and libpython (opened by the bootloader) are
    needed by no file's NEEDED list, and must stay."""
    name = path.name
    return name.startswith("libpython") or ".cpython-" in name or ".abi3." in name


def _shipped_and_needed(bundle: Path) -> tuple[set[str], set[str]]:
    files = [p for p in bundle.rglob("*") if p.is_file()]
    shipped = {p.name for p in files}
    return shipped, debian.needed_of(files)


def depends_of(bundle: Path) -> list[str]:
    need_tool("readelf", "binutils")
    shipped, needed = _shipped_and_needed(bundle)
    try:
        return debian.depends(needed, shipped)
    except debian.UnknownLibrary as exc:
        raise BuildError(str(exc)) from exc


def add_extras(build: Build, bundle: Path, pngs: dict[int, Path], depends_list: list[str]) -> None:
    """Licenses, icons, the menu entry and a README inside the bundle (both installers)."""
    python = build.cache / "venv" / "bin" / "python"
    site = site_packages(python)
    lock_names = {e.name for e in build.entries if e.group == "linux"} | {"pyinstaller"}
    components = notices.gather_site_packages(site, bundle / "licenses", only=lock_names)
    stdlib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                      capture=True).stdout.strip().splitlines()[-1])  # fmt: skip
    notices.write_notices(
        bundle / "licenses",
        components,
        python_license=stdlib / "LICENSE.txt",
        python_version=sys.version.split()[0],
        fonts_license=build.repo / "resources" / "fonts" / "DejaVu-LICENSE.txt",
        qt_version=notices.qt_version(components),
        qt_where="_internal/PySide6/Qt/lib/libQt6*.so.6",
    )
    share = bundle / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(build.repo / "installer" / "linux" / "clerkdesk.desktop",
                    share / "applications" / "clerkdesk.desktop")  # fmt: skip
    for size in ICON_SIZES:
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(pngs[size], folder / "clerkdesk.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(build.repo / "resources" / "icons" / "app.svg", scalable / "clerkdesk.svg")
    readme = (build.repo / "installer" / "linux" / "README.txt").read_text(encoding="utf-8")
    shown = " ".join(d for d in depends_list if not d.startswith(("libc6", "libstdc", "libgcc")))
    (bundle / "README.txt").write_text(readme.format(version=build.version, depends=shown),
                                       encoding="utf-8")  # fmt: skip


def _reset(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mtime = 1700000000
    return info


def tarball(build: Build, bundle: Path, pngs: dict[int, Path]) -> Path:
    depends_list = depends_of(bundle)
    add_extras(build, bundle, pngs, depends_list)
    build.out.mkdir(parents=True, exist_ok=True)
    name = f"clerkdesk-{build.version}-linux-x86_64"
    target = build.out / f"{name}.tar.gz"
    say(f"writing {target.name}")
    with tarfile.open(target, "w:gz", compresslevel=6) as archive:
        archive.add(bundle, arcname=name, filter=_reset)
    return target


def deb(build: Build, bundle: Path, pngs: dict[int, Path]) -> Path:
    need_tool("dpkg-deb", "dpkg")
    depends_list = depends_of(bundle)
    root = build.work / "deb"
    shutil.rmtree(root, ignore_errors=True)
    opt = root / "opt" / "clerkdesk"
    shutil.copytree(bundle, opt, symlinks=True, ignore=shutil.ignore_patterns("share"))
    usr_share = root / "usr" / "share"
    shutil.copytree(bundle / "share", usr_share)
    (root / "usr" / "bin").mkdir(parents=True)
    os.symlink("/opt/clerkdesk/clerkdesk", root / "usr" / "bin" / "clerkdesk")
    doc = usr_share / "doc" / "clerkdesk"
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(
        "ClerkDesk. Third-party software and its licenses: "
        "/opt/clerkdesk/licenses/THIRD-PARTY-NOTICES.txt\n",
        encoding="utf-8",
    )
    control_dir = root / "DEBIAN"
    control_dir.mkdir()
    kib = tree_size(root) // 1024
    (control_dir / "control").write_text(debian.control(build.version, depends_list, kib),
                                         encoding="utf-8")  # fmt: skip
    for path in root.rglob("*"):
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
    target = build.out / f"clerkdesk_{build.version}_amd64.deb"
    say(f"writing {target.name}")
    threads = f"--threads-max={os.cpu_count() or 1}"
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "-z6", threads, "--build", root, target],
        env={"SOURCE_DATE_EPOCH": "1700000000"}, capture=True)  # fmt: skip
    return target
