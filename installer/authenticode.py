"""Checking the embeddable CPython's Authenticode signatures at build time, with Debian's
``osslsigncode verify``.

Every ``.exe``, ``.dll`` and ``.pyd`` of the Python Software Foundation's build, and its
catalog ``python.cat``, must carry a signature whose digest matches the file and whose chain
reaches a root in Debian's ``ca-certificates`` (DigiCert) through the PSF's code-signing
certificate, valid at the signature's countersigned time. Revocation lists are not fetched
(``-ignore-crl``): the build has no network beyond the package registries.

Microsoft's Visual C++ runtime (``vcruntime140*.dll``) is signed by Microsoft, whose root is
not in Debian's store: for those the signature's digest must match the file and the signer
must be Microsoft; the chain cannot be walked here. Files that are not executables
(``python311.zip``, the ``._pth``, ``LICENSE.txt``) carry no signature: like every byte of the
package they are pinned by the lock file's sha256 of the downloaded archive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from installer.steps import run

PSF = "O=Python Software Foundation"
MICROSOFT = "O=Microsoft Corporation"
SIGNED_SUFFIXES = (".exe", ".dll", ".pyd", ".cat")


@dataclass(frozen=True)
class Verdict:
    path: Path
    ok: bool
    how: str


def digests_match(report: str) -> bool:
    current = re.search(r"Current message digest\s*:\s*([0-9A-F]+)", report)
    calculated = re.search(r"Calculated message digest\s*:\s*([0-9A-F]+)", report)
    return bool(current and calculated and current.group(1) == calculated.group(1))


def signer_of(report: str) -> str:
    """The subject of the first certificate under "Signer's certificate"."""
    section = report.split("Signer's certificate:", 1)
    if len(section) < 2:
        return ""
    found = re.search(r"Subject:\s*(\S.*)", section[1])
    return found.group(1).strip() if found else ""


def judge(path: Path, report: str, succeeded: bool) -> Verdict:
    signer = signer_of(report)
    if path.name.lower().startswith("vcruntime"):
        ok = digests_match(report) and MICROSOFT in signer
        return Verdict(path, ok, "Microsoft signature, digest checked (root not in Debian's store)")
    ok = succeeded and PSF in signer and (path.suffix == ".cat" or digests_match(report))
    return Verdict(path, ok, "PSF signature, chain verified to a Debian-trusted root")


def verify_tree(folder: Path, osslsigncode: str) -> list[Verdict]:
    verdicts = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in SIGNED_SUFFIXES:
            continue
        result = run(
            [osslsigncode, "verify", "-ignore-crl", "-in", path], capture=True, check=False
        )
        report = result.stdout or ""
        verdicts.append(judge(path, report, result.returncode == 0 and "Succeeded" in report))
    return verdicts
