#!/usr/bin/env python3
"""Draws the web app's icon (a barbell) into web/: icon.svg for a browser's tab, and PNG files
for a phone's home screen, with Python's standard library alone:

- web/icon-180.png: iOS's home-screen icon (`apple-touch-icon`);
- web/icon-192.png and web/icon-512.png: the manifest's icons (Android's home screen, and the
  splash screen as the app opens).

One drawing for all of them: full-bleed (the system rounds or masks the corners), the barbell
inside the middle 80 %, so that a mask ("maskable") never cuts into it. Run it after changing
the drawing, then scripts/embed-resources.py.
"""
import pathlib
import struct
import zlib

root = pathlib.Path(__file__).resolve().parent.parent

BACKGROUND = (0x11, 0x18, 0x27)
STEEL = (0xE5, 0xE7, 0xEB)
PLATE = (0x60, 0xA5, 0xFA)

# Shapes on a 100 × 100 square, drawn in order: (left, top, right, bottom, corner radius, colour).
SHAPES = [
    (14, 48, 86, 52, 2, STEEL),  # the bar
    (19, 35, 25, 65, 2, PLATE),  # outer plates
    (75, 35, 81, 65, 2, PLATE),
    (26, 27, 33, 73, 2, PLATE),  # inner plates
    (67, 27, 74, 73, 2, PLATE),
    (34, 44, 37, 56, 1, STEEL),  # collars
    (63, 44, 66, 56, 1, STEEL),
]


def inside(shape, x, y):
    left, top, right, bottom, radius, _ = shape
    if not (left <= x <= right and top <= y <= bottom):
        return False
    # The rounded corners: outside the corner's circle is outside the shape.
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def colour_at(x, y):
    colour = BACKGROUND
    for shape in SHAPES:
        if inside(shape, x, y):
            colour = shape[5]
    return colour


def near_edge(x, y, margin):
    """Whether a shape's edge passes within `margin` of (x, y): only there is a pixel sampled finely."""
    for left, top, right, bottom, _, _ in SHAPES:
        if left - margin <= x <= right + margin and top - margin <= y <= bottom + margin:
            if min(abs(x - left), abs(x - right), abs(y - top), abs(y - bottom)) <= margin * 2:
                return True
    return False


def pixels(size, samples=4):
    scale = 100 / size
    rows = []
    for row in range(size):
        line = bytearray([1])  # PNG filter "sub" for the row, applied below
        raw = []
        for column in range(size):
            x, y = (column + 0.5) * scale, (row + 0.5) * scale
            if not near_edge(x, y, scale):
                raw.append(colour_at(x, y))
                continue
            total = [0, 0, 0]
            for i in range(samples):
                for j in range(samples):
                    colour = colour_at((column + (i + 0.5) / samples) * scale, (row + (j + 0.5) / samples) * scale)
                    for channel in range(3):
                        total[channel] += colour[channel]
            raw.append(tuple(round(value / samples ** 2) for value in total))
        previous = (0, 0, 0)
        for colour in raw:
            line += bytes((colour[channel] - previous[channel]) & 0xFF for channel in range(3))
            previous = colour
        rows.append(bytes(line))
    return b"".join(rows)


def png(size):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels(size), 9)) + chunk(b"IEND", b"")


def svg():
    def hex_colour(colour):
        return "#" + "".join(f"{channel:02x}" for channel in colour)

    shapes = "\n".join(
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="{radius}" fill="{hex_colour(colour)}"/>'
        for left, top, right, bottom, radius, colour in SHAPES
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n'
        f'<rect width="100" height="100" rx="18" fill="{hex_colour(BACKGROUND)}"/>\n{shapes}\n</svg>\n'
    )


(root / "web" / "icon.svg").write_text(svg(), encoding="utf-8")
for size in (180, 192, 512):
    (root / "web" / f"icon-{size}.png").write_bytes(png(size))
