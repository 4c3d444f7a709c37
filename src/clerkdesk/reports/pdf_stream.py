"""One PDF written part by part, so a document of ten thousand pages never sits in memory.

ReportLab's canvas keeps every page until ``save()`` and then builds the whole file in
memory. Notices are drawn instead a few hundred pages at a time, each part a small PDF of
its own; this module copies each part's objects into the one file as soon as the part is
made (renumbered, every page under one page tree) and forgets it. What it keeps is an
offset per object and a number per page, a few bytes each.

It reads only what ReportLab writes (a classic cross-reference table, ``N 0 obj`` …
``endobj`` in order, references ``N 0 R`` only in dictionaries); the tests read the result
back with pypdf and render it.
"""

from __future__ import annotations

import re
from typing import BinaryIO

_REF = re.compile(rb"(?<![\d.])(\d+) 0 R\b")
_ROOT = re.compile(rb"/Root (\d+) 0 R")
_INFO = re.compile(rb"/Info (\d+) 0 R")
_PAGES = re.compile(rb"/Pages (\d+) 0 R")
_OUTLINES = re.compile(rb"/Outlines (\d+) 0 R")
_KIDS = re.compile(rb"/Kids \[([^\]]*)\]")
_STREAM = b"\nstream"

CATALOG, PAGES, INFO = 1, 2, 3


class PartError(ValueError):
    """A part is not a PDF as ReportLab writes it (a bug, not the user's doing)."""


def _pdf_text(text: str) -> bytes:
    """A PDF string: UTF-16 with its byte-order mark, so any name prints in a viewer."""
    data = "\ufeff".encode("utf-16-be") + text.encode("utf-16-be")
    return b"<" + data.hex().encode("ascii") + b">"


def _objects(data: bytes) -> tuple[dict[int, bytes], bytes]:
    """Each object's body (between ``N 0 obj`` and ``endobj``) by number, and the trailer."""
    start = data.rfind(b"startxref")
    if start < 0:
        raise PartError("no startxref")
    xref_at = int(data[start + 9 :].split()[0])
    if data[xref_at : xref_at + 4] != b"xref":
        raise PartError("no classic cross-reference table")
    trailer_at = data.index(b"trailer", xref_at)
    lines = data[xref_at:trailer_at].split(b"\n")
    first, count = (int(x) for x in lines[1].split())
    offsets: dict[int, int] = {}
    for index, line in enumerate(lines[2 : 2 + count]):
        fields = line.split()
        if len(fields) >= 3 and fields[2] == b"n":
            offsets[first + index] = int(fields[0])
    ordered = sorted(offsets.items(), key=lambda item: item[1])
    bodies: dict[int, bytes] = {}
    for position, (number, offset) in enumerate(ordered):
        end = ordered[position + 1][1] if position + 1 < len(ordered) else xref_at
        chunk = data[offset:end]
        head = chunk.index(b"obj") + 3
        tail = chunk.rindex(b"endobj")
        bodies[number] = chunk[head:tail].strip(b"\r\n")
    return bodies, data[trailer_at:start]


def _renumber(body: bytes, numbers: dict[int, int]) -> bytes:
    """References rewritten in the dictionary part only: a stream's bytes are left alone."""
    cut = body.find(_STREAM)
    head, rest = (body, b"") if cut < 0 else (body[:cut], body[cut:])

    def new(match: re.Match[bytes]) -> bytes:
        old = int(match.group(1))
        if old not in numbers:
            raise PartError(f"reference to object {old}, which is not copied")
        return b"%d 0 R" % numbers[old]

    return _REF.sub(new, head) + rest


class PdfParts:
    """Writes one PDF to ``out`` from parts added in order; ``close()`` finishes it."""

    def __init__(self, out: BinaryIO, *, title: str, author: str) -> None:
        self._out = out
        self._written = 0
        self._offsets: list[int] = [0, 0, 0, 0]  # 0 is the free head; 1–3 come last
        self._pages: list[int] = []
        self._title = title
        self._author = author
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    @property
    def pages(self) -> int:
        return len(self._pages)

    def _write(self, data: bytes) -> None:
        self._out.write(data)
        self._written += len(data)

    def _object(self, number: int, body: bytes) -> None:
        self._offsets[number] = self._written
        self._write(b"%d 0 obj\n" % number + body + b"\nendobj\n")

    def add_part(self, data: bytes) -> int:
        """Copy the pages of the PDF ``data`` (as ReportLab wrote it); returns how many."""
        bodies, trailer = _objects(data)
        root_match = _ROOT.search(trailer)
        if root_match is None:
            raise PartError("no /Root")
        root = int(root_match.group(1))
        pages_match = _PAGES.search(bodies[root])
        if pages_match is None:
            raise PartError("no /Pages")
        pages_node = int(pages_match.group(1))
        kids_match = _KIDS.search(bodies[pages_node])
        if kids_match is None:
            raise PartError("no /Kids")
        kids = [int(m.group(1)) for m in _REF.finditer(kids_match.group(1))]
        skipped = {root, pages_node}
        for pattern, where in ((_INFO, trailer), (_OUTLINES, bodies[root])):
            found = pattern.search(where)
            if found:
                skipped.add(int(found.group(1)))
        numbers = {pages_node: PAGES}
        for number in sorted(bodies):
            if number not in skipped:
                numbers[number] = len(self._offsets)
                self._offsets.append(0)
        for number in sorted(bodies):
            if number not in skipped:
                self._object(numbers[number], _renumber(bodies[number], numbers))
        self._pages += [numbers[kid] for kid in kids]
        return len(kids)

    def close(self) -> None:
        kids = b" ".join(b"%d 0 R" % n for n in self._pages)
        self._object(
            PAGES, b"<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>" % (len(self._pages), kids)
        )
        self._object(CATALOG, b"<<\n/PageMode /UseNone /Pages %d 0 R /Type /Catalog\n>>" % PAGES)
        self._object(
            INFO,
            b"<<\n/Title %s /Author %s /Creator (ClerkDesk) /Producer (ReportLab)\n>>"
            % (_pdf_text(self._title), _pdf_text(self._author)),
        )
        xref_at = self._written
        size = len(self._offsets)
        rows = [b"xref\n0 %d\n" % size, b"0000000000 65535 f \n"]
        rows += [b"%010d 00000 n \n" % offset for offset in self._offsets[1:]]
        self._write(b"".join(rows))
        self._write(
            b"trailer\n<<\n/Info %d 0 R /Root %d 0 R /Size %d\n>>\nstartxref\n%d\n%%%%EOF\n"
            % (INFO, CATALOG, size, xref_at)
        )
