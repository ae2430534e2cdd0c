#!/bin/sh
# Makes large-flat.avif (12000 x 12000) and large-flat.heic (7000 x 7000) under Resources/:
# one flat grey picture each, a couple of kilobytes on disk, honest as written. The tests
# (CodedSizeTests) and scripts/bench-photo-attack patch their `ispe` to 64 x 64 to
# reproduce issue 21's attack: a container that understates the coded picture.
#
# Needs Debian 12's libheif-examples (heif-enc with x265 and aom). Run by hand; takes about a
# minute and a few GB of memory. The tests only read the results.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flat_png() {  # width height path: an 8-bit RGB PNG of one grey, with the standard library only
    python3 - "$1" "$2" "$3" <<'PY'
import struct, sys, zlib
w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
row = b"\x00" + b"\x80" * (3 * w)
z = zlib.compressobj(9)
data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
with open(path, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))
PY
}

flat_png 12000 12000 "$work/avif.png"
heif-enc --avif -q 10 -p speed=9 -p chroma=420 -o "$here/Resources/large-flat.avif" "$work/avif.png"
flat_png 7000 7000 "$work/heic.png"
heif-enc -q 10 -p preset=ultrafast -p chroma=420 -o "$here/Resources/large-flat.heic" "$work/heic.png"
ls -l "$here/Resources/large-flat.avif" "$here/Resources/large-flat.heic"
