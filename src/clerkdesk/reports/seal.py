"""The town's seal or logo on a certificate: the town's own image, or the plain default.

A town's image is checked here once, when the clerk chooses it (kind, size, dimensions),
so printing never meets a file it cannot draw. Read images are kept, keyed by their bytes:
a day's batch of certificates decodes the seal once.
"""

from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import dataclass

from reportlab.lib.utils import ImageReader

from clerkdesk.paths import resources_dir

MAX_SEAL_BYTES = 1024 * 1024
MIN_SIDE, MAX_SIDE = 64, 4000
KINDS = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}


class SealProblem(ValueError):
    """An image that cannot serve as the seal; the message says why, for the clerk."""


@dataclass(frozen=True)
class SealImage:
    content_type: str
    width: int
    height: int


def default_seal() -> bytes:
    """The generic seal shipped in ``resources/seal`` (a star in two rings)."""
    return _default_bytes()


@functools.cache
def _default_bytes() -> bytes:
    return (resources_dir() / "seal" / "town-seal.png").read_bytes()


def check_seal(data: bytes) -> SealImage:
    """What ``data`` is, if it can be the seal; else :class:`SealProblem`."""
    if not data:
        raise SealProblem("The file is empty.")
    if len(data) > MAX_SEAL_BYTES:
        raise SealProblem(
            f"The image is {len(data) / 1024 / 1024:.1f} MB; a seal must be 1 MB or smaller "
            "(save it smaller, e.g. 600 × 600 pixels)."
        )
    kind = next((k for magic, k in KINDS.items() if data.startswith(magic)), None)
    if kind is None:
        raise SealProblem("The file is not a PNG or JPEG image.")
    try:
        width, height = ImageReader(io.BytesIO(data)).getSize()
    except Exception as exc:  # Pillow's many errors for a damaged file: one answer
        raise SealProblem(f"The image cannot be read ({type(exc).__name__}).") from None
    if min(width, height) < MIN_SIDE:
        raise SealProblem(
            f"The image is {width} × {height} pixels; at least {MIN_SIDE} on each side, "
            "or the seal prints blurred."
        )
    if max(width, height) > MAX_SIDE:
        raise SealProblem(f"The image is {width} × {height} pixels; at most {MAX_SIDE} a side.")
    return SealImage(kind, width, height)


@functools.lru_cache(maxsize=8)
def seal_key(data: bytes | None) -> str:
    """A short name for the image, the same for the same bytes."""
    return "default" if data is None else hashlib.sha256(data).hexdigest()[:16]


@functools.lru_cache(maxsize=8)
def seal_reader(data: bytes | None) -> ImageReader:
    """The image ready to draw; ``None`` gives the default seal."""
    return ImageReader(io.BytesIO(data if data is not None else default_seal()))
