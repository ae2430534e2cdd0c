#!/usr/bin/env python3
"""SSIM between two images given as binary PPM/PGM files (P5/P6, 8-bit).

Computed on luma (BT.601) with the standard 11-tap Gaussian window (sigma 1.5),
K1 = 0.01, K2 = 0.03 (Wang et al. 2004). Prints the mean SSIM. Only numpy is needed.
Usage: ssim.py A.ppm B.ppm
"""
import sys

import numpy as np


def read_pnm(path):
    with open(path, "rb") as handle:
        data = handle.read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        start = position
        while not data[position:position + 1].isspace():
            position += 1
        fields.append(data[start:position])
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if maxval != 255:
        raise SystemExit(f"{path}: only 8-bit PNM is supported")
    channels = 3 if magic == b"P6" else 1
    pixels = np.frombuffer(data, dtype=np.uint8, count=width * height * channels, offset=position + 1)
    image = pixels.reshape(height, width, channels).astype(np.float64)
    if channels == 1:
        return image[:, :, 0]
    return 0.299 * image[:, :, 0] + 0.587 * image[:, :, 1] + 0.114 * image[:, :, 2]


def blur(image, kernel):
    radius = len(kernel) // 2
    padded = np.pad(image, radius, mode="reflect")
    rows = sum(k * padded[:, i:i + image.shape[1]] for i, k in enumerate(kernel))
    return sum(k * rows[i:i + image.shape[0], :] for i, k in enumerate(kernel))


def ssim(a, b):
    x = np.arange(11) - 5
    kernel = np.exp(-(x ** 2) / (2 * 1.5 ** 2))
    kernel /= kernel.sum()
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = blur(a, kernel), blur(b, kernel)
    var_a = blur(a * a, kernel) - mu_a ** 2
    var_b = blur(b * b, kernel) - mu_b ** 2
    cov = blur(a * b, kernel) - mu_a * mu_b
    index = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))
    return float(index.mean())


if __name__ == "__main__":
    first, second = read_pnm(sys.argv[1]), read_pnm(sys.argv[2])
    if first.shape != second.shape:
        raise SystemExit(f"size mismatch: {first.shape} vs {second.shape}")
    print(f"{ssim(first, second):.4f}")
