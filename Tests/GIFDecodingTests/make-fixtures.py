#!/usr/bin/env python3
"""Writes the GIF fixtures in Resources/ by hand (no imaging library), so every byte is
known: 256-entry colour tables, LZW with a clear code every 200 pixels so codes stay
9 bits wide ("uncompressed" GIF, valid for every decoder). Run from this directory; the
pipeline tests use copies in Tests/PhotoPipelineTests/Resources."""
import struct

RED, GREEN, BLUE, WHITE, BLACK = (230, 20, 20), (20, 210, 20), (20, 20, 230), (255, 255, 255), (0, 0, 0)
W, H = 40, 30


def table(colours):
    colours = list(colours) + [(0, 0, 0)] * (256 - len(colours))
    return b"".join(bytes(c) for c in colours)


def lzw(indices):
    clear, eoi, bits, acc, nbits, out = 256, 257, 9, 0, 0, bytearray()

    def put(code):
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += bits
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    for start in range(0, len(indices), 200):
        put(clear)
        for i in indices[start:start + 200]:
            put(i)
    put(eoi)
    if nbits:
        out.append(acc & 0xFF)
    blocks = bytearray([8])
    for i in range(0, len(out), 255):
        chunk = out[i:i + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes(blocks + b"\x00")


def screen(width, height, global_colours=None, background=0):
    flags = 0xF7 if global_colours is not None else 0x00
    data = b"GIF89a" + struct.pack("<HHBBB", width, height, flags, background, 0)
    return data + (table(global_colours) if global_colours is not None else b"")


def gce(transparent=None, delay=0):
    flags = 1 if transparent is not None else 0
    return b"\x21\xF9\x04" + struct.pack("<BHB", flags, delay, transparent or 0) + b"\x00"


def image(left, top, width, height, indices, local_colours=None, interlaced=False):
    flags = (0x80 | 0x07 if local_colours is not None else 0) | (0x40 if interlaced else 0)
    rows = [indices[y * width:(y + 1) * width] for y in range(height)]
    if interlaced:
        order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, height, step)]
        rows = [rows[y] for y in order]
    data = b"\x2C" + struct.pack("<HHHHB", left, top, width, height, flags)
    data += table(local_colours) if local_colours is not None else b""
    return data + lzw([i for row in rows for i in row])


def quadrants(width, height):
    return [(0 if x < width // 2 else 1) + (0 if y < height // 2 else 2) for y in range(height) for x in range(width)]


def write(name, data):
    with open(f"Resources/{name}", "wb") as f:
        f.write(data)


QUADS = [RED, GREEN, BLUE, WHITE, BLACK]
q = quadrants(W, H)
write("quadrants.gif", screen(W, H, QUADS) + image(0, 0, W, H, q) + b"\x3B")
write("interlaced.gif", screen(W, H, QUADS) + image(0, 0, W, H, q, interlaced=True) + b"\x3B")
# 16 × 24, row y has its own colour (y * 10, 250 - y * 10, 7 * y): any row out of place shows.
rows = [(y * 10, 250 - y * 10, 7 * y) for y in range(24)]
write("rows-interlaced.gif", screen(16, 24, rows) + image(0, 0, 16, 24, [y for y in range(24) for _ in range(16)], interlaced=True) + b"\x3B")
# Left half index 4 (black) is the transparent index; only a local colour table.
t = [4 if x < W // 2 else (1 if y < H // 2 else 2) for y in range(H) for x in range(W)]
write("transparent.gif", screen(W, H) + gce(transparent=4) + image(0, 0, W, H, t, local_colours=QUADS) + b"\x3B")
netscape = b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
write("animated.gif", screen(W, H, QUADS) + netscape + gce(delay=50) + image(0, 0, W, H, q)
      + gce(delay=50) + image(0, 0, W, H, [4] * (W * H)) + b"\x3B")
# A 10 × 8 red frame at (12, 9) on a 40 × 30 screen whose background index is black:
# the uncovered canvas is white all the same.
write("offset.gif", screen(W, H, QUADS, background=4) + image(12, 9, 10, 8, [0] * 80) + b"\x3B")
whole = screen(W, H, QUADS) + image(0, 0, W, H, q) + b"\x3B"
write("truncated.gif", whole[:len(whole) // 2 + 400])
write("huge.gif", screen(65535, 65535, QUADS) + image(0, 0, 1, 1, [0]) + b"\x3B")
