"""Draw the plain, generic seal ClerkDesk prints until a town chooses its own.

    .venv/bin/python scripts/make_default_seal.py   # writes resources/seal/town-seal.png

Deliberately no town's emblem: two rings, a star, and the words of the office.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

SIZE = 480
INK = (31, 58, 96, 255)
FONT = Path(__file__).resolve().parent.parent / "resources" / "fonts" / "DejaVuSans-Bold.ttf"
OUT = Path(__file__).resolve().parent.parent / "resources" / "seal" / "town-seal.png"


def _ring_text(draw: ImageDraw.ImageDraw, image: Image.Image, text: str, radius: float,
               font: ImageFont.FreeTypeFont, start: float, bottom: bool = False) -> None:
    """Each letter placed on a circle and turned to follow it."""
    centre = SIZE / 2
    widths = [font.getlength(ch) for ch in text]
    total = sum(widths) / radius
    angle = start - total / 2 if not bottom else start + total / 2
    for ch, width in zip(text, widths, strict=True):
        step = width / radius
        mid = angle + step / 2 if not bottom else angle - step / 2
        x = centre + radius * math.sin(mid)
        y = centre - radius * math.cos(mid)
        letter = Image.new("RGBA", (int(width) + 8, font.size + 10), (0, 0, 0, 0))
        ImageDraw.Draw(letter).text((4, 2), ch, font=font, fill=INK)
        turn = -math.degrees(mid) + (180 if bottom else 0)
        letter = letter.rotate(turn, resample=Image.Resampling.BICUBIC, expand=True)
        image.alpha_composite(letter, (int(x - letter.width / 2), int(y - letter.height / 2)))
        angle = angle + step if not bottom else angle - step


def main() -> None:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    c = SIZE / 2
    for radius, width in ((c - 4, 8), (c - 64, 4), (c - 74, 2)):
        draw.ellipse((c - radius, c - radius, c + radius, c + radius), outline=INK, width=width)
    font = ImageFont.truetype(str(FONT), 34)
    _ring_text(draw, image, "OFFICE OF THE TOWN CLERK", c - 38, font, 0.0)
    _ring_text(draw, image, "DOG LICENSE", c - 38, font, math.pi, bottom=True)
    for side in (-1, 1):  # two small stars between the words
        x, y = c + side * (c - 38), c
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=INK)
    points = []
    for k in range(10):
        radius = 92 if k % 2 == 0 else 38
        a = math.pi / 5 * k
        points.append((c + radius * math.sin(a), c - 8 - radius * math.cos(a)))
    draw.polygon(points, fill=INK)
    small = ImageFont.truetype(str(FONT), 30)
    draw.text((c, c + 104), "SEAL", font=small, fill=INK, anchor="mm")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    image.save(OUT, optimize=True)


if __name__ == "__main__":
    main()
