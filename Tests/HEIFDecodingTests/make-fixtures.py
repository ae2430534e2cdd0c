#!/usr/bin/env python3
"""Makes the HEIF/AVIF fixtures under Resources/ (run by hand; tests only read the results).

Needs Pillow and pillow-heif in a venv outside the repository, and Debian 12's
libheif-examples (heif-enc with the aom AV1 encoder) on PATH:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow pillow-heif
    apt-get install libheif-examples
    /tmp/venv/bin/python Tests/HEIFDecodingTests/make-fixtures.py

Every picture is a W x H image of four solid quadrants, top-left red, top-right green,
bottom-left blue, bottom-right white, so a test can tell rotation and mirroring apart.
"""
import os
import subprocess
import tempfile

from PIL import Image, ImageCms
import pillow_heif

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Resources")
RED, GREEN, BLUE, WHITE = (230, 20, 20), (20, 210, 20), (20, 20, 230), (255, 255, 255)


def quadrants(w, h, mode="RGB"):
    img = Image.new(mode, (w, h))
    for y in range(h):
        for x in range(w):
            c = [RED, GREEN, BLUE, WHITE][(0 if x < w // 2 else 1) + (0 if y < h // 2 else 2)]
            img.putpixel((x, y), c if mode == "RGB" else c + (255,))
    return img


def save_heic(img, name, **kw):
    pillow_heif.from_pillow(img).save(os.path.join(HERE, name), quality=95, chroma=444, **kw)


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def read(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()


def png_rgb16(img):
    """A 16-bit-per-channel RGB PNG of `img` (Pillow cannot write one), written by hand."""
    import struct
    import zlib

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    w, h = img.size
    rows = b"".join(
        b"\x00" + b"".join(struct.pack(">HHH", *(v * 257 for v in img.getpixel((x, y)))) for x in range(w))
        for y in range(h))
    ihdr = struct.pack(">IIBBBBB", w, h, 16, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def patch_box(data, fourcc, offset_in_box, new_bytes):
    """Overwrites bytes at `offset_in_box` after the 4-byte type of the first `fourcc` box."""
    at = data.index(fourcc) + 4 + offset_in_box
    return data[:at] + new_bytes + data[at + len(new_bytes):]


# 1. quadrants.heic: 64 x 48, sRGB ICC profile (colr/prof), no Exif.
srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
save_heic(quadrants(64, 48), "quadrants.heic", icc_profile=srgb)

# 2. rotated.heic: the 64 x 48 quadrants stored as they are, with irot/imir written from
#    EXIF Orientation 6 (display turned 90 degrees clockwise: 48 x 64); pillow-heif then
#    resets the Exif Orientation to 1, which we patch to 3 (upside down) in place so
#    container and Exif disagree. A correct decoder shows only the irot result.
exif = Image.Exif()
exif[0x0112] = 6
save_heic(quadrants(64, 48), "rotated.heic", exif=exif.tobytes())
data = read("rotated.heic")
tiff = data.index(b"MM\x00\x2a") if b"MM\x00\x2a" in data else data.index(b"II\x2a\x00")
big = data[tiff:tiff + 2] == b"MM"
tag = b"\x01\x12\x00\x03" if big else b"\x12\x01\x03\x00"
at = data.index(tag, tiff) + 8  # tag(2) type(2) count(4) then the SHORT value
value = (b"\x00\x03" if big else b"\x03\x00")
write("rotated.heic", data[:at] + value + data[at + 2:])

# 3. gps.heic: 64 x 48 with an Exif GPS IFD (51 deg 30' 0" N, 0 deg 7' 30" W) and a Make tag.
exif = Image.Exif()
exif[0x010F] = "GrainStories"
gps = exif.get_ifd(0x8825)
gps[1] = "N"
gps[2] = (51.0, 30.0, 0.0)
gps[3] = "W"
gps[4] = (0.0, 7.0, 30.0)
save_heic(quadrants(64, 48), "gps.heic", exif=exif.tobytes())

# 4. alpha.heic: 64 x 48 whose right half is fully transparent (must flatten onto white).
img = quadrants(64, 48, "RGBA")
for y in range(48):
    for x in range(32, 64):
        img.putpixel((x, y), (0, 0, 0, 0))
save_heic(img, "alpha.heic")

with tempfile.TemporaryDirectory() as tmp:
    png = os.path.join(tmp, "q.png")
    quadrants(64, 48).save(png)
    # 5. quadrants.avif: the same picture as AV1 through Debian's heif-enc (aom encoder).
    subprocess.run(["heif-enc", "-A", "-q", "95", "-p", "chroma=444", "-o", os.path.join(HERE, "quadrants.avif"), png],
                   check=True, stdout=subprocess.DEVNULL)
    # 6. tenbit.heic: 10-bit HEVC from a 16-bit PNG (HDR-depth input that must come out 8-bit).
    png16 = os.path.join(tmp, "q16.png")
    with open(png16, "wb") as f:
        f.write(png_rgb16(quadrants(64, 48)))
    subprocess.run(["heif-enc", "-b", "10", "-q", "95", "-p", "chroma=444", "-o", os.path.join(HERE, "tenbit.heic"), png16],
                   check=True, stdout=subprocess.DEVNULL)

# 7. truncated.heic: quadrants.heic without its last 150 bytes: the header (ftyp, meta) is
#    whole, the coded picture in mdat is cut short, as an interrupted upload would be.
whole = read("quadrants.heic")
write("truncated.heic", whole[: len(whole) - 150])

# 8. huge.heic: quadrants.heic whose 'ispe' claims 60000 x 60000 pixels (a decompression
#    bomb's header: tiny file, enormous declared image).
write("huge.heic", patch_box(whole, b"ispe", 4, (60000).to_bytes(4, "big") * 2))
