#!/usr/bin/env python3
"""Reference pictures for ImageCodecs' exact-area reduction (Tests/ImageCodecsTests/ReductionCorpus/).

An independent model in exact rationals (Python Fractions; a float64 model differs from it at exact ties,
e.g. one alpha mean of exactly 120.5 came out 120.4999... and rounded down): each output pixel covers the source rectangle
[X*w/W, (X+1)*w/W) x [Y*h/H, (Y+1)*h/H) in source pixels; every source pixel it overlaps weighs the overlap's
area. Alpha is the weighted mean of alpha; colour is the weighted mean of colour*alpha divided by the weighted
mean of alpha (0 where the covered alpha is 0); each is rounded once, half up. Sources are seeded
pseudo-random RGBA (some pixels fully transparent, some opaque) written as PAM beside the reduced PAMs; the
manifest lists "source reduced" per line.

Run: python3 tools/reference/make_reduction_references.py Tests/ImageCodecsTests/ReductionCorpus
"""
import math
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np

CASES = [  # (source width, height, reduced width, height, seed)
    (37, 23, 5, 4, 1),
    (64, 48, 13, 7, 2),
    (17, 11, 17, 3, 3),
    (9, 9, 1, 1, 4),
    (50, 30, 33, 20, 5),
    (31, 5, 2, 5, 6),
]


def overlap_weights(source: int, reduced: int) -> list:
    """weights[X]: {x: how much of source pixel x output pixel X covers, in source pixels}, exact rationals."""
    weights = []
    for out in range(reduced):
        start, end = Fraction(out * source, reduced), Fraction((out + 1) * source, reduced)
        weights.append({x: min(end, x + 1) - max(start, x) for x in range(source) if min(end, x + 1) > max(start, x)})
    return weights


def round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def reduce(rgba: np.ndarray, width: int, height: int) -> np.ndarray:
    source_h, source_w = rgba.shape[:2]
    horizontal, vertical = overlap_weights(source_w, width), overlap_weights(source_h, height)
    area = Fraction(source_w * source_h, width * height)
    out = np.zeros((height, width, 4), dtype=np.uint8)
    for row in range(height):
        for column in range(width):
            covered = [(vertical[row][y] * horizontal[column][x], [int(v) for v in rgba[y, x]])
                       for y in vertical[row] for x in horizontal[column]]
            alpha_sum = sum(weight * pixel[3] for weight, pixel in covered)
            for channel in range(3):
                weighted = sum(weight * pixel[3] * pixel[channel] for weight, pixel in covered)
                out[row, column, channel] = round_half_up(weighted / alpha_sum) if alpha_sum else 0
            out[row, column, 3] = round_half_up(alpha_sum / area)
    return out


def write_pam(path: Path, rgba: np.ndarray) -> None:
    height, width = rgba.shape[:2]
    header = f"P7\nWIDTH {width}\nHEIGHT {height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    path.write_bytes(header.encode() + rgba.astype(np.uint8).tobytes())


def main() -> None:
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    manifest = []
    for source_w, source_h, width, height, seed in CASES:
        generator = np.random.default_rng(seed)
        rgba = generator.integers(0, 256, size=(source_h, source_w, 4), dtype=np.uint16)
        alpha_kind = generator.integers(0, 4, size=(source_h, source_w))
        rgba[:, :, 3] = np.where(alpha_kind == 0, 0, np.where(alpha_kind == 1, 255, rgba[:, :, 3]))
        name = f"{source_w}x{source_h}_to_{width}x{height}"
        write_pam(directory / f"{name}_source.pam", rgba)
        write_pam(directory / f"{name}_reduced.pam", reduce(rgba, width, height))
        manifest.append(f"{name}_source.pam {name}_reduced.pam {width} {height}")
    (directory / "manifest.txt").write_text("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
