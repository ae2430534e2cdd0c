#!/usr/bin/env bash
# Makes the fixtures under Resources/ycbcr/ (run by hand; tests only read the results):
# small textured pictures coded as YCbCr in the forms the pass-through decoder meets, to
# compare its row-by-row conversion with libheif's own.
# Needs ImageMagick (convert), Debian 12's libheif-examples (heif-enc 1.15.1 with aom and
# x265) and, for the irot/imir/4:2:2/clap files, pillow-heif in a venv outside the
# repository (its bundled libheif writes irot/imir from EXIF Orientation and a clap for odd
# sizes; it has no AV1 encoder, so those are HEIC):
#     python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow pillow-heif
# heif-enc 1.15.1 ignores --matrix_coefficients and --full_range_flag (it always codes
# BT.601 full range), so the other matrices are made by patching the AVIF's colr/nclx box:
# libheif converts with the container's nclx, so the planes are decoded with that matrix.
set -euo pipefail
cd "$(dirname "$0")/Resources/ycbcr"
convert -size 96x64 -seed 7 plasma:red-blue -attenuate 0.3 +noise Gaussian -depth 8 PNG24:textured.png
convert -size 97x63 -seed 8 plasma:green-yellow -depth 8 PNG24:odd.png
heif-enc --avif -q 80 -o textured-420.avif textured.png >/dev/null
heif-enc --avif -q 80 -p chroma=444 -o textured-444.avif textured.png >/dev/null
heif-enc -q 80 -o textured-420.heic textured.png >/dev/null
heif-enc -q 80 -p chroma=444 -o textured-444.heic textured.png >/dev/null
heif-enc --avif -q 80 -o odd-420.avif odd.png >/dev/null   # odd sides: libheif's RGB instead
python3 - <<'PY'
def patch(source, target, matrix, full_range):
    data = bytearray(open(source, "rb").read())
    at = data.find(b"colrnclx") + 8  # primaries(2) transfer(2) matrix(2) full_range(1 bit)
    data[at + 4:at + 6] = matrix.to_bytes(2, "big")
    data[at + 6] = 0x80 if full_range else 0
    open(target, "wb").write(data)
patch("textured-420.avif", "textured-709-limited.avif", 1, False)
patch("textured-420.avif", "textured-2020.avif", 9, True)
patch("textured-420.avif", "textured-unspecified.avif", 2, True)
patch("textured-444.avif", "textured-gbr.avif", 0, True)
patch("textured-444.avif", "textured-gbr-limited.avif", 0, False)
patch("textured-420.avif", "textured-ycgco.avif", 8, True)
PY
/tmp/venv/bin/python - <<'PY'
from PIL import Image
import pillow_heif
picture = Image.open("textured.png").convert("RGB")
for name, orientation, chroma in [("rotated-420.heic", 6, 420), ("mirrored-rotated-420.heic", 7, 420),
                                  ("rotated-422.heic", 6, 422), ("textured-422.heic", 1, 422)]:
    exif = Image.Exif()
    exif[0x0112] = orientation
    pillow_heif.from_pillow(picture).save(name, quality=80, chroma=chroma, exif=exif.tobytes())
pillow_heif.from_pillow(Image.open("odd.png").convert("RGB")).save("cropped-420.heic", quality=80, chroma=420)
PY
