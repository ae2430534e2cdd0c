#!/usr/bin/env python3
"""Pictures for the screenshot data sets, made with Python's standard library only.

Each picture is a simple, recognisable scene (sky, sun, mountains, ground) or an avatar
(a coloured square with an initial), with a large caption drawn in a 5 x 7 pixel font, so a
reviewer can tell in a screenshot which story is shown and at which aspect ratio. They are
written as PNG and turned into JPEG by the project's own `grain-stories photo process`
(no ImageMagick needed), which also keeps them within Grain's sizes.

Usage: pictures.py GRAIN_BIN OUT_DIR
Writes OUT_DIR/<name>.jpg for every name in PICTURES and OUT_DIR/upload.jpg, a phone-like
photo with GPS in its EXIF (Powell's City of Books, Portland) for the posting flow.
"""

import os
import struct
import subprocess
import sys
import tempfile
import zlib

# 5 x 7 glyphs; "#" is ink.
FONT = {
    "A": ".###.#...##...#######...##...##...#", "B": "####.#...#####.#...##...##...#####.",
    "C": ".###.#...##....#....#....#...#.###.", "D": "####.#...##...##...##...##...#####.",
    "E": "######....####.#....#....#....#####", "F": "######....####.#....#....#....#....",
    "G": ".###.#...##....#.####...##...#.####", "H": "#...##...#######...##...##...##...#",
    "I": ".###...#....#....#....#....#...###.", "J": "..###...#....#....#.#..#.#..#..##..",
    "K": "#...##..#.###..#..#.#...##...##...#", "L": "#....#....#....#....#....#....#####",
    "M": "#...###.###.#.##...##...##...##...#", "N": "#...###..##.#.##..###...##...##...#",
    "O": ".###.#...##...##...##...##...#.###.", "P": "####.#...##...#####.#....#....#....",
    "Q": ".###.#...##...##...##.#.##..#..##.#", "R": "####.#...##...#####.#.#..#..#.#...#",
    "S": ".####.....#.....###.....#....#####.", "T": "#####..#....#....#....#....#....#..",
    "U": "#...##...##...##...##...##...#.###.", "V": "#...##...##...##...##...#.#.#...#..",
    "W": "#...##...##...##.#.##.#.###.###...#", "X": "#...##...#.#.#...#...#.#.#...##...#",
    "Y": "#...##...#.#.#...#....#....#....#..", "Z": "#####....#...#...#...#...#....#####",
    "0": ".###.#...##..###.#.###..##...#.###.", "1": "..#...##....#....#....#....#...###.",
    "2": ".###.#...#....#...#...#...#...#####", "3": "#####...#...#.....#.....##...#.###.",
    "4": "...#...##..#.#.#..#.#####...#....#.", "5": "######....####.....#....##...#.###.",
    "6": "..##..#...#....####.#...##...#.###.", "7": "#####....#...#...#...#....#....#...",
    "8": ".###.#...##...#.###.#...##...#.###.", "9": ".###.#...##...#.####....#...#..##..",
    " ": "." * 35, "-": "...............#####...............", ":": "......##...##........##...##.......",
    ".": "..............................##...", "/": "....#...#...#...#...#..............",
    "x": "..........#...#.#.#...#...#.#.#...#", "'": "..#....#...#.......................",
}

# name: (width, height, kind, caption). Kinds: a palette name for a scene ("white" is the
# near-white, bright one), or "avatar:<palette>" for a square avatar showing the caption.
PICTURES = {
    "portrait-34": (1500, 2000, "dusk", "3:4"),
    "landscape-43": (2000, 1500, "day", "4:3"),
    "square": (1600, 1600, "sea", "1:1"),
    "panorama": (4000, 1000, "day", "PANORAMA 4000x1000"),
    "near-white": (1080, 1920, "white", "NEAR WHITE"),
}
for _index, _palette in enumerate(["dusk", "day", "sea", "forest", "night", "desert", "dusk", "sea"]):
    PICTURES[f"tall-{_index + 1}"] = (1080, 1920, _palette, f"9:16 N{_index + 1}")
for _letter, _palette in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", ["dusk", "day", "sea", "forest", "night", "desert"] * 5):
    PICTURES[f"avatar-{_letter.lower()}"] = (400, 400, "avatar:" + _palette, _letter)

PALETTES = {
    # sky top, sky bottom, sun, far mountains, near mountains, ground top, ground bottom, ink
    "dusk": ((40, 30, 90), (250, 150, 90), (255, 230, 150), (110, 60, 110), (60, 35, 70), (50, 40, 40), (20, 15, 20), (255, 255, 255)),
    "day": ((60, 130, 220), (180, 220, 250), (255, 250, 210), (110, 140, 170), (60, 100, 70), (90, 140, 60), (40, 80, 30), (255, 255, 255)),
    "sea": ((20, 90, 160), (150, 200, 230), (255, 255, 235), (70, 110, 140), (40, 80, 110), (20, 100, 150), (5, 40, 80), (255, 255, 255)),
    "forest": ((90, 140, 120), (200, 220, 190), (250, 250, 220), (60, 100, 70), (25, 60, 35), (40, 70, 30), (15, 30, 10), (255, 255, 255)),
    "night": ((5, 5, 25), (30, 40, 80), (230, 230, 200), (25, 25, 50), (12, 12, 30), (15, 15, 30), (5, 5, 10), (230, 230, 120)),
    "desert": ((90, 160, 230), (250, 220, 170), (255, 250, 220), (200, 130, 80), (170, 90, 50), (230, 180, 120), (180, 120, 70), (70, 30, 10)),
    "white": ((246, 247, 250), (252, 252, 252), (255, 255, 255), (232, 234, 238), (222, 224, 228), (248, 248, 248), (240, 240, 240), (205, 205, 210)),
}


def mix(a, b, t):
    return bytes(round(x + (y - x) * t) for x, y in zip(a, b))


class Canvas:
    """Rows of RGB bytes, painted in horizontal spans (fast enough in pure Python)."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.rows = [bytearray(width * 3) for _ in range(height)]

    def span(self, y, x0, x1, colour):
        x0, x1 = max(0, int(x0)), min(self.width, int(x1))
        if 0 <= y < self.height and x1 > x0:
            self.rows[y][x0 * 3:x1 * 3] = colour * (x1 - x0)

    def gradient(self, y0, y1, top, bottom):
        for y in range(max(0, y0), min(self.height, y1)):
            self.span(y, 0, self.width, mix(top, bottom, (y - y0) / max(1, y1 - y0 - 1)))

    def disc(self, cx, cy, r, colour):
        for y in range(int(cy - r), int(cy + r) + 1):
            half = max(0.0, r * r - (y - cy) ** 2) ** 0.5
            self.span(y, cx - half, cx + half, colour)

    def mountain(self, cx, top, base, slope, colour):
        for y in range(int(top), int(base)):
            half = (y - top) * slope
            self.span(y, cx - half, cx + half, colour)

    def text(self, text, x, y, scale, colour):
        for index, char in enumerate(text):
            glyph = FONT.get(char.upper() if char != "x" else char, FONT[" "])
            for row in range(7):
                for column in range(5):
                    if glyph[row * 5 + column] == "#":
                        for dy in range(scale):
                            left = x + (index * 6 + column) * scale
                            self.span(y + row * scale + dy, left, left + scale, colour)

    def png(self):
        raw = b"".join(b"\x00" + bytes(row) for row in self.rows)

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def caption_scale(width, height, caption):
    return max(4, min(width // (len(caption) * 6 + 4), height // 14))


def scene(width, height, palette, caption):
    sky_top, sky_bottom, sun, far, near, ground_top, ground_bottom, ink = PALETTES[palette]
    canvas = Canvas(width, height)
    horizon = int(height * 0.62)
    canvas.gradient(0, horizon, sky_top, sky_bottom)
    canvas.disc(width * 0.72, height * 0.30, min(width, height) * 0.09, sun)
    peaks = max(2, round(width / height * 2))
    for index in range(peaks):
        canvas.mountain(width * (index + 0.3) / peaks, height * (0.36 + 0.05 * (index % 2)), horizon, 0.9, far)
    for index in range(peaks + 1):
        canvas.mountain(width * index / peaks, height * (0.46 + 0.04 * (index % 3)), horizon, 1.3, near)
    canvas.gradient(horizon, height, ground_top, ground_bottom)
    scale = caption_scale(width, height, caption)
    text_width = (len(caption) * 6 - 1) * scale
    canvas.text(caption, (width - text_width) // 2, horizon + (height - horizon - 7 * scale) // 2, scale, ink)
    return canvas


def avatar(size, palette, letter):
    top, bottom = PALETTES[palette][0], PALETTES[palette][1]
    canvas = Canvas(size, size)
    canvas.gradient(0, size, top, bottom)
    scale = size // 10
    canvas.text(letter, (size - 5 * scale) // 2, (size - 7 * scale) // 2, scale, (255, 255, 255))
    return canvas


def gps_exif(latitude, longitude):
    """An APP1 Exif segment holding only GPSLatitude/Longitude (what phones put in photos)."""

    def rational_triple(value):
        degrees = int(value)
        minutes = int((value - degrees) * 60)
        seconds = round(((value - degrees) * 60 - minutes) * 60 * 100)
        return struct.pack("<6I", degrees, 1, minutes, 1, seconds, 100)

    lat_ref = b"N\x00\x00\x00" if latitude >= 0 else b"S\x00\x00\x00"
    lon_ref = b"E\x00\x00\x00" if longitude >= 0 else b"W\x00\x00\x00"
    gps_ifd = 26  # after the 8-byte header and IFD0's single entry
    values = gps_ifd + 2 + 4 * 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", 8)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x8825, 4, 1, gps_ifd) + struct.pack("<I", 0)
    tiff += struct.pack("<H", 4)
    tiff += struct.pack("<HHI", 1, 2, 2) + lat_ref
    tiff += struct.pack("<HHII", 2, 5, 3, values)
    tiff += struct.pack("<HHI", 3, 2, 2) + lon_ref
    tiff += struct.pack("<HHII", 4, 5, 3, values + 24)
    tiff += struct.pack("<I", 0)
    tiff += rational_triple(abs(latitude)) + rational_triple(abs(longitude))
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def to_jpeg(grain_bin, canvas, path, box):
    with tempfile.NamedTemporaryFile(suffix=".png") as png:
        png.write(canvas.png())
        png.flush()
        subprocess.run([grain_bin, "photo", "process", png.name, path, "--box", str(box), "--quality", "88"],
                       check=True, stdout=subprocess.DEVNULL)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    grain_bin, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for name, (width, height, kind, caption) in PICTURES.items():
        path = os.path.join(out, name + ".jpg")
        if os.path.exists(path):
            continue
        if kind.startswith("avatar:"):
            canvas = avatar(width, kind[len("avatar:"):], caption)
        else:
            canvas = scene(width, height, kind, caption)
        to_jpeg(grain_bin, canvas, path, max(width, height))
    upload = os.path.join(out, "upload.jpg")
    if not os.path.exists(upload):
        to_jpeg(grain_bin, scene(1500, 2000, "forest", "MY NEW STORY"), upload + ".tmp", 2000)
        with open(upload + ".tmp", "rb") as handle:
            jpeg = handle.read()
        os.remove(upload + ".tmp")
        with open(upload, "wb") as handle:
            handle.write(jpeg[:2] + gps_exif(45.52306, -122.68128) + jpeg[2:])


if __name__ == "__main__":
    main()
