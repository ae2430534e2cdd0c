#!/usr/bin/env python3
"""Makes the WebP fixtures under Resources/ (run by hand; tests only read the results).

Needs Pillow (with WebP) in a venv outside the repository, and Debian 12's `webp`
package (webpmux) on PATH:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow
    apt-get install webp
    /tmp/venv/bin/python Tests/WebPDecodingTests/make-fixtures.py

Every still picture but noisy-lossless.webp (and its cwebp) is 64 x 48 with four flat quadrants, top-left red, top-right green,
bottom-left blue, bottom-right white, so a test can tell rotation and mirroring apart.
"""
import os
import struct
import subprocess
import tempfile

from PIL import Image

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Resources")
RED, GREEN, BLUE, WHITE = (230, 20, 20), (20, 210, 20), (20, 20, 230), (255, 255, 255)


def quadrants(w, h, colours=(RED, GREEN, BLUE, WHITE)):
    img = Image.new("RGB", (w, h))
    for index, colour in enumerate(colours):
        x, y = (0 if index % 2 == 0 else w // 2), (0 if index < 2 else h // 2)
        img.paste(colour, (x, y, w if index % 2 else w // 2, h if index >= 2 else h // 2))
    return img


def path(name):
    return os.path.join(HERE, name)


def tiff_exif(orientation, lat, lon):
    """A little-endian TIFF with IFD0 Orientation and a GPS IFD (N/E or S/W refs)."""
    def rational3(value):
        value = abs(value)
        d = int(value)
        m = int((value - d) * 60)
        s = round(((value - d) * 60 - m) * 60 * 1000)
        return struct.pack("<6I", d, 1, m, 1, s, 1000)

    ifd0_offset = 8
    ifd0_entries = 2
    ifd0_size = 2 + ifd0_entries * 12 + 4
    gps_offset = ifd0_offset + ifd0_size
    gps_entries = 4
    gps_size = 2 + gps_entries * 12 + 4
    lat_offset = gps_offset + gps_size
    lon_offset = lat_offset + 24
    out = b"II*\x00" + struct.pack("<I", ifd0_offset)
    out += struct.pack("<H", ifd0_entries)
    out += struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0)
    out += struct.pack("<HHII", 0x8825, 4, 1, gps_offset)
    out += struct.pack("<I", 0)
    out += struct.pack("<H", gps_entries)
    out += struct.pack("<HHI4s", 0x0001, 2, 2, b"N\x00\x00\x00" if lat >= 0 else b"S\x00\x00\x00")
    out += struct.pack("<HHII", 0x0002, 5, 3, lat_offset)
    out += struct.pack("<HHI4s", 0x0003, 2, 2, b"E\x00\x00\x00" if lon >= 0 else b"W\x00\x00\x00")
    out += struct.pack("<HHII", 0x0004, 5, 3, lon_offset)
    out += struct.pack("<I", 0)
    out += rational3(lat) + rational3(lon)
    return out


def main():
    base = quadrants(64, 48)
    base.save(path("lossy.webp"), quality=95, method=6)
    base.save(path("lossless.webp"), lossless=True)

    # Alpha: the left half opaque quadrants, the right half fully transparent (white after flattening).
    alpha = base.convert("RGBA")
    for y in range(48):
        for x in range(32, 64):
            alpha.putpixel((x, y), (0, 0, 0, 0))
    alpha.save(path("alpha.webp"), lossless=True)

    # Animated: the first frame is the quadrants, the second all black.
    second = Image.new("RGB", (64, 48), (0, 0, 0))
    base.save(path("animated.webp"), save_all=True, append_images=[second], duration=[500, 500], loop=0, lossless=True)

    # Animated whose first frame is smaller than the canvas: a 32 x 24 green frame at
    # (16, 12) on a 64 x 48 canvas (the rest of the canvas is transparent, so white), then
    # a full black frame.
    with tempfile.TemporaryDirectory() as tmp:
        small, black = os.path.join(tmp, "small.webp"), os.path.join(tmp, "black.webp")
        Image.new("RGB", (32, 24), GREEN).save(small, lossless=True)
        second.save(black, lossless=True)
        subprocess.run(["webpmux", "-frame", small, "+500+16+12+0-b", "-frame", black, "+500+0+0+0-b",
                        "-loop", "0", "-bgcolor", "0,0,0,0", "-o", path("animated-offset.webp")], check=True)

    # EXIF with Orientation 6 and GPS 51.5 N, 0.125 W, written as Pillow does ("Exif\0\0" + TIFF).
    base.save(path("exif.webp"), lossless=True, exif=b"Exif\x00\x00" + tiff_exif(6, 51.5, -0.125))

    # Truncated: the lossy file cut in the middle of its bitstream.
    data = open(path("lossy.webp"), "rb").read()
    open(path("truncated.webp"), "wb").write(data[: len(data) // 2])

    # Large: a 12 MP (4000 x 3000) lossy picture, for decoding scaled to the photo box.
    quadrants(4000, 3000).save(path("large-quadrants.webp"), quality=90)

    # Huge: a lossless header claiming 16384 x 16384 (VP8L's largest), with a tiny bitstream behind it.
    data = bytearray(open(path("lossless.webp"), "rb").read())
    assert data[12:16] == b"VP8L" and data[20] == 0x2F
    bits = struct.unpack("<I", data[21:25])[0]
    bits = (bits & ~((1 << 28) - 1)) | (16383) | (16383 << 14)
    data[21:25] = struct.pack("<I", bits)
    open(path("huge.webp"), "wb").write(bytes(data))

    noisy_lossless(path("noisy-lossless.webp"))


def noisy_lossless(out):
    """A 400 x 300 lossless picture of a gradient with noise (a fixed LCG, so the same
    file every time), by cwebp: large and busy enough (a few hundred KB of VP8L) that an
    incremental decode suspends many times mid-picture and releases bytes behind it."""
    state = 26
    data = bytearray()
    for y in range(300):
        for x in range(400):
            for base in (x * 255 // 399, y * 255 // 299, (x + y) * 255 // 698):
                state = (state * 1103515245 + 12345) % (1 << 31)
                data.append(max(0, min(255, base + (state >> 16) % 33 - 16)))
    with tempfile.TemporaryDirectory() as tmp:
        ppm = os.path.join(tmp, "noisy.ppm")
        with open(ppm, "wb") as f:
            f.write(b"P6\n400 300\n255\n" + bytes(data))
        subprocess.run(["cwebp", "-quiet", "-lossless", "-z", "1", ppm, "-o", out], check=True)


if __name__ == "__main__":
    main()
