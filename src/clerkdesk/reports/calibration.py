"""How far one printer's output lands from where a label sheet drew it, and how to undo it.

Measured by the clerk on the calibration page and kept per printer per workstation. The
print path applies it to label sheets only: a receipt or a certificate is never shifted.
"""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4  # points per millimetre


@dataclass(frozen=True)
class Calibration:
    """Move the page right by ``offset_x_mm`` and down by ``offset_y_mm``, then scale it
    about the page's top-left corner by ``scale`` (1.0 = actual size)."""

    offset_x_mm: float = 0.0
    offset_y_mm: float = 0.0
    scale: float = 1.0

    @property
    def is_identity(self) -> bool:
        return self.offset_x_mm == 0 and self.offset_y_mm == 0 and self.scale == 1

    @property
    def offset_x_pt(self) -> float:
        return self.offset_x_mm * MM

    @property
    def offset_y_pt(self) -> float:
        return self.offset_y_mm * MM


NO_CALIBRATION = Calibration()
