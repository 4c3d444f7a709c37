"""Smoke tests of the Linux installers in clean Debian bookworm chroots, run offscreen.

Each test starts from the same debootstrapped minimal bookworm (made once, kept as a tarball
in installer/.cache/chroot with its package lists), installs one installer as an office would
(the .deb with apt-get, pulling its Depends; the tarball unpacked, with the libraries its
README names), then runs what a clerk's first day runs: --version, self-check, db upgrade,
demo, a screenshot of the window, a certificate and a remittance (PDF and XLSX). The .debs
apt fetched are kept in the cache, so a second run needs no network either.
Needs root (chroot, mount); debootstrap is installed with apt-get when missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from installer.context import Build
from installer.steps import BuildError, need_tool, run, say

SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
DB = "sqlite:////tmp/smoke.sqlite"
ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": "/root",
    "LANG": "C.UTF-8",
    "QT_QPA_PLATFORM": "offscreen",
    "CLERKDESK_USER": "admin",
    "CLERKDESK_PASSWORD": "demo-admin",
}


def base_tarball(build: Build) -> Path:
    """A minimal bookworm with its package lists, debootstrapped once."""
    folder = build.cache / "chroot"
    tarball = folder / f"{SUITE}-minbase.tar.gz"
    if tarball.exists():
        return tarball
    base = folder / "base"
    if not (base / "usr" / "bin" / "apt-get").exists():
        debootstrap = need_tool("debootstrap", "debootstrap")
        shutil.rmtree(base, ignore_errors=True)
        say(f"debootstrap {SUITE} (minbase), once: about two minutes")
        run([debootstrap, "--variant=minbase", SUITE, base, MIRROR], capture=True)
    shutil.copyfile("/etc/resolv.conf", base / "etc" / "resolv.conf")
    run(["chroot", base, "apt-get", "update", "-qq"], capture=True)
    run(["tar", "-C", base, "--numeric-owner", "-czf", tarball, "."])
    shutil.rmtree(base)
    return tarball


@contextmanager
def fresh_chroot(build: Build, name: str) -> Iterator[Path]:
    root = build.work / "chroot" / name
    _unmount(root)
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    run(["tar", "-C", root, "--numeric-owner", "-xzf", base_tarball(build)])
    shutil.copyfile("/etc/resolv.conf", root / "etc" / "resolv.conf")
    debs = build.cache / "chroot" / "debs"
    archives = root / "var" / "cache" / "apt" / "archives"
    for deb in debs.glob("*.deb") if debs.is_dir() else []:
        shutil.copy2(deb, archives / deb.name)
    run(["mount", "-t", "proc", "proc", root / "proc"])
    run(["mount", "--bind", "/dev", root / "dev"])
    try:
        yield root
    finally:
        _unmount(root)
        debs.mkdir(parents=True, exist_ok=True)
        for deb in archives.glob("*.deb"):
            if not (debs / deb.name).exists():
                shutil.copy2(deb, debs / deb.name)


def _unmount(root: Path) -> None:
    for point in ("dev", "proc"):
        target = root / point
        if target.is_dir() and os.path.ismount(target):
            subprocess.run(["umount", "-l", str(target)], check=False)


def in_chroot(root: Path, command: str, *, check: bool = True) -> subprocess.CompletedProcess[str]:
    args = [
        "chroot",
        str(root),
        "env",
        "-i",
        *(f"{k}={v}" for k, v in ENV.items()),
        "sh",
        "-c",
        command,
    ]
    try:
        result = subprocess.run(args, text=True, capture_output=True, check=False, timeout=600)
    except subprocess.TimeoutExpired as exc:
        raise BuildError(
            f"in the {root.name} chroot, `{command}` did not end in 10 minutes"
        ) from exc
    output = (result.stdout + result.stderr).strip()
    say(f"  $ {command}  -> {result.returncode}" + (f"\n      {output[-600:]}" if output else ""))
    if check and result.returncode != 0:
        raise BuildError(
            f"in the {root.name} chroot, `{command}` exited {result.returncode}:\n{output[-3000:]}"
        )
    return result


def apt_install(root: Path, packages: list[str]) -> None:
    in_chroot(
        root,
        "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "
        + " ".join(packages)
        + " >/tmp/apt.log 2>&1 || { tail -20 /tmp/apt.log; exit 1; }",
    )


def first_day(root: Path, program: str, out: Path) -> None:
    """What a clerk's first day runs, each command's exit checked, its files kept in ``out``."""
    in_chroot(root, f"{program} --version")
    if "self-check" in in_chroot(root, f"{program} --help").stdout:
        in_chroot(root, f"{program} --db {DB} self-check")
    else:
        say("  (self-check is not on main yet: skipped)")
    in_chroot(root, f"{program} --db {DB} db upgrade")
    in_chroot(root, f"{program} --db {DB} db current")
    in_chroot(root, f"{program} --db sqlite:////tmp/demo.sqlite demo --dogs 5")
    demo = "--db sqlite:////tmp/demo.sqlite"
    in_chroot(root, f"{program} {demo} screenshot /tmp/smoke-counter.png")
    in_chroot(root, f"{program} {demo} print certificate 1 --pdf /tmp/smoke-certificate.pdf")
    in_chroot(
        root,
        f"{program} {demo} report remittance --month $(date +%Y-%m) "
        "--pdf /tmp/smoke-remittance.pdf --xlsx /tmp/smoke-remittance.xlsx",
    )
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in (
        "smoke-counter.png",
        "smoke-certificate.pdf",
        "smoke-remittance.pdf",
        "smoke-remittance.xlsx",
    ):
        shutil.copyfile(root / "tmp" / name, out / name)
    check_outputs(out)


def check_outputs(out: Path) -> None:
    png = (out / "smoke-counter.png").read_bytes()
    if not png.startswith(b"\x89PNG") or len(png) < 10_000:
        raise BuildError("the screenshot is not a picture of the window")
    from pypdf import PdfReader

    for name in ("smoke-certificate.pdf", "smoke-remittance.pdf"):
        reader = PdfReader(out / name)
        text = "".join(page.extract_text() or "" for page in reader.pages)
        if not reader.pages or len(text) < 40:
            raise BuildError(f"{name} has no readable page")
    if not (out / "smoke-remittance.xlsx").read_bytes().startswith(b"PK"):
        raise BuildError("the remittance workbook is not an XLSX file")


def depends_of(deb: Path) -> list[str]:
    out = run(["dpkg-deb", "-f", deb, "Depends"], capture=True).stdout or ""
    return [d.strip().split()[0] for d in out.strip().splitlines()[-1].split(",") if d.strip()]


def smoke_deb(build: Build, deb: Path) -> None:
    say(f"smoke test: {deb.name} in a clean {SUITE} chroot")
    with fresh_chroot(build, "deb") as root:
        shutil.copyfile(deb, root / "tmp" / deb.name)
        apt_install(root, [f"/tmp/{deb.name}"])
        # Every library Qt's X11 platform needs is there once the Depends are installed.
        ldd = in_chroot(
            root, "ldd /opt/clerkdesk/_internal/PySide6/Qt/plugins/platforms/libqxcb.so"
        )
        if "not found" in ldd.stdout:
            raise BuildError(
                f"the .deb's Depends miss libraries Qt's xcb platform needs:\n{ldd.stdout}"
            )
        in_chroot(root, "test -f /usr/share/applications/clerkdesk.desktop && "
                        "test -f /usr/share/icons/hicolor/48x48/apps/clerkdesk.png && "
                        "test -f /opt/clerkdesk/licenses/THIRD-PARTY-NOTICES.txt")  # fmt: skip
        first_day(root, "clerkdesk", build.work / "smoke" / "deb")
        # Removing the program leaves the data.
        in_chroot(
            root,
            "apt-get remove -y -qq clerkdesk >/dev/null && ! test -e /opt/clerkdesk/clerkdesk"
            " && test -f /tmp/demo.sqlite",
        )


def smoke_tarball(build: Build, tarball: Path, deb: Path) -> None:
    say(f"smoke test: {tarball.name} in a clean {SUITE} chroot")
    with fresh_chroot(build, "tarball") as root:
        run(["tar", "-C", root / "opt", "-xzf", tarball])
        folder = tarball.name.removesuffix(".tar.gz")
        program = f"/opt/{folder}/clerkdesk"
        # Before the desktop's libraries: the command line needs no Qt.
        in_chroot(root, f"{program} --version")
        if "self-check" in in_chroot(root, f"{program} --help").stdout:
            bare = in_chroot(root, f"{program} --db {DB} self-check", check=False)
            if bare.returncode == 0:
                raise BuildError("self-check passed on a machine without Qt's X11 libraries")
        apt_install(root, depends_of(deb))
        in_chroot(root, f"test -f /opt/{folder}/licenses/THIRD-PARTY-NOTICES.txt")
        first_day(root, program, build.work / "smoke" / "tarball")


def run_all(build: Build) -> None:
    if os.geteuid() != 0:
        raise BuildError("the smoke tests need root (chroot and mount)")
    tarball = build.out / f"clerkdesk-{build.version}-linux-x86_64.tar.gz"
    deb = build.out / f"clerkdesk_{build.version}_amd64.deb"
    for path in (tarball, deb):
        if not path.exists():
            raise BuildError(f"{path.name} is not built: run build.py linux first")
    smoke_deb(build, deb)
    smoke_tarball(build, tarball, deb)
    say(f"smoke tests passed; their screenshot and documents are in {build.work / 'smoke'}")
