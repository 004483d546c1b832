#!/usr/bin/env python3
"""JPEG decoder corpus: small pictures encoded with libjpeg-turbo's cjpeg, and djpeg's default output (accurate
integer IDCT, fancy upsampling) as the reference the decoder must equal pixel for pixel.

    tools/reference/make_jpeg_corpus.py [OUTDIR]   (default Tests/ImageCodecsTests/JPEGCorpus)

Needs the Debian packages in tools/deps/jpeg.txt (libjpeg-turbo-progs, python3-pil). Writes NAME.jpg and
NAME.ppm (or .pgm for greyscale) per case, and manifest.txt ("NAME.jpg REFERENCE" lines). The EXIF cases are
one cjpeg file with an APP1 orientation segment spliced in after SOI; their reference is djpeg's output turned
by Pillow's transpose for that orientation (djpeg ignores EXIF). The pictures are synthetic and seeded:
gradients, hard edges and noise, so every block has AC energy and chroma varies.
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

from PIL import Image

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "ImageCodecsTests", "JPEGCorpus")


def picture(width, height, seed):
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            r = (x * 255) // max(width - 1, 1)
            g = (y * 255) // max(height - 1, 1)
            b = 255 if (x // 5 + y // 3) % 2 else 40
            if (x - width // 2) ** 2 + (y - height // 2) ** 2 < (min(width, height) // 3) ** 2:
                r, g = 255 - r, 255 - g
            noise = rng.randint(-24, 24)
            pixels[x, y] = tuple(max(0, min(255, c + noise)) for c in (r, g, b))
    return image


# name, width, height, cjpeg options
CASES = [
    ("q75_444_33x27", 33, 27, ["-quality", "75", "-sample", "1x1"]),
    ("q100_444_17x13", 17, 13, ["-quality", "100", "-sample", "1x1"]),
    ("q90_422_35x21", 35, 21, ["-quality", "90", "-sample", "2x1"]),
    ("q50_420_41x29", 41, 29, ["-quality", "50", "-sample", "2x2"]),
    ("q10_420_40x32", 40, 32, ["-quality", "10", "-sample", "2x2"]),
    ("q85_440_23x37", 23, 37, ["-quality", "85", "-sample", "1x2"]),
    ("q80_411_45x19", 45, 19, ["-quality", "80", "-sample", "4x1"]),
    ("q80_420_1x1", 1, 1, ["-quality", "80", "-sample", "2x2"]),
    ("q80_420_2x2", 2, 2, ["-quality", "80", "-sample", "2x2"]),
    ("q80_420_3x5", 3, 5, ["-quality", "80", "-sample", "2x2"]),
    ("q80_422_4x3", 4, 3, ["-quality", "80", "-sample", "2x1"]),
    ("q80_mixed_31x22", 31, 22, ["-quality", "80", "-sample", "2x2,2x1,1x2"]),
    ("q80_h4v2_37x21", 37, 21, ["-quality", "80", "-sample", "4x2"]),
    ("q90_rgb_19x14", 19, 14, ["-quality", "90", "-rgb"]),
    ("q75_grey_31x23", 31, 23, ["-quality", "75", "-grayscale"]),
    ("q75_grey_progressive_29x18", 29, 18, ["-quality", "75", "-grayscale", "-progressive"]),
    ("q75_420_progressive_48x40", 48, 40, ["-quality", "75", "-sample", "2x2", "-progressive"]),
    ("q95_444_progressive_27x19", 27, 19, ["-quality", "95", "-sample", "1x1", "-progressive"]),
    ("q85_422_progressive_restart_39x26", 39, 26, ["-quality", "85", "-sample", "2x1", "-progressive", "-restart", "2B"]),
    ("q75_420_restart_1_50x34", 50, 34, ["-quality", "75", "-sample", "2x2", "-restart", "1B"]),
    ("q75_444_restart_row_30x30", 30, 30, ["-quality", "75", "-sample", "1x1", "-restart", "1"]),
    ("q60_420_64x48", 64, 48, ["-quality", "60", "-sample", "2x2"]),
]

EXIF_BASE = ("q80_420_exif_29x17", 29, 17, ["-quality", "80", "-sample", "2x2"])
# EXIF orientation → Pillow transpose that shows the stored picture upright (as Pillow's exif_transpose does).
TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


def run(command, **kwargs):
    return subprocess.run(command, check=True, stdout=subprocess.PIPE, **kwargs).stdout


def encode(name, width, height, options, seed, scratch):
    source = os.path.join(scratch, name + ".ppm")
    picture(width, height, seed).save(source)
    return run(["cjpeg", *options, source])


def exif_segment(orientation, big_endian):
    order = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(order + "HI", 42, 8)
    tiff += struct.pack(order + "H", 1) + struct.pack(order + "HHIHH", 0x0112, 3, 1, orientation, 0)
    tiff += struct.pack(order + "I", 0)
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def main():
    os.makedirs(OUT, exist_ok=True)
    manifest = []
    with tempfile.TemporaryDirectory() as scratch:
        for seed, (name, width, height, options) in enumerate(CASES):
            jpeg = encode(name, width, height, options, seed, scratch)
            reference = run(["djpeg"], input=jpeg)
            extension = ".pgm" if reference.startswith(b"P5") else ".ppm"
            with open(os.path.join(OUT, name + ".jpg"), "wb") as file:
                file.write(jpeg)
            with open(os.path.join(OUT, name + extension), "wb") as file:
                file.write(reference)
            manifest.append(f"{name}.jpg {name}{extension}")
        name, width, height, options = EXIF_BASE
        jpeg = encode(name, width, height, options, 99, scratch)
        upright = os.path.join(scratch, "upright.ppm")
        with open(upright, "wb") as file:
            file.write(run(["djpeg"], input=jpeg))
        for orientation in range(1, 9):
            tagged = jpeg[:2] + exif_segment(orientation, big_endian=orientation % 2 == 0) + jpeg[2:]
            stem = f"exif_orientation_{orientation}"
            with open(os.path.join(OUT, stem + ".jpg"), "wb") as file:
                file.write(tagged)
            turned = Image.open(upright)
            if orientation in TRANSPOSE:
                turned = turned.transpose(TRANSPOSE[orientation])
            turned.save(os.path.join(OUT, stem + ".ppm"))
            manifest.append(f"{stem}.jpg {stem}.ppm")
        # Pillow's encoder: Huffman tables optimized per file, progressive; and a full EXIF block (Make and Model
        # before the orientation, a little-endian IFD as Pillow writes it).
        for stem, options, orientation in [
            ("pillow_q90_420_optimized_progressive_37x29", dict(quality=90, subsampling=2, optimize=True, progressive=True), 1),
            ("pillow_q80_422_exif_6_26x15", dict(quality=80, subsampling=1), 6),
            ("pillow_q70_444_exif_7_21x12", dict(quality=70, subsampling=0), 7),
        ]:
            width, height = (int(n) for n in stem.rsplit("_", 1)[1].split("x"))
            path = os.path.join(OUT, stem + ".jpg")
            exif = Image.Exif()
            exif[0x010F] = "Flipbook"
            exif[0x0110] = "corpus"
            if orientation != 1:
                exif[0x0112] = orientation
            picture(width, height, len(manifest)).save(path, exif=exif.tobytes(), **options)
            with open(os.path.join(scratch, "stored.ppm"), "wb") as file:
                file.write(run(["djpeg", path]))
            turned = Image.open(os.path.join(scratch, "stored.ppm"))
            if orientation in TRANSPOSE:
                turned = turned.transpose(TRANSPOSE[orientation])
            turned.save(os.path.join(OUT, stem + ".ppm"))
            manifest.append(f"{stem}.jpg {stem}.ppm")
        # Refused files: arithmetic coding (cjpeg -arithmetic), and Adobe CMYK (Pillow).
        arithmetic = encode("arithmetic", 16, 16, ["-arithmetic"], 7, scratch)
        with open(os.path.join(OUT, "refused_arithmetic.jpg"), "wb") as file:
            file.write(arithmetic)
        picture(16, 16, 8).convert("CMYK").save(os.path.join(OUT, "refused_cmyk.jpg"), quality=50)
    with open(os.path.join(OUT, "manifest.txt"), "w") as file:
        file.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
