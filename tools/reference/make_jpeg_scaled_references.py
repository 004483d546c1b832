#!/usr/bin/env python3
"""References for decoding at 1/2, 1/4 and 1/8 (the inverse DCT's own reduction): `djpeg -scale 1/N` of every
picture in the JPEG corpus (manifest.txt), turned upright by Pillow for the EXIF cases as the full-size
references are (djpeg ignores EXIF), plus one larger picture (160x120, 4:2:0, 4:2:2 and 4:4:0) so that every
scale has many blocks.

    tools/reference/make_jpeg_scaled_references.py [CORPUS]   (default Tests/ImageCodecsTests/JPEGCorpus)

Reads the committed .jpg files (it does not re-encode the corpus; the larger pictures are encoded here with
cjpeg) and writes scaled/NAME.1-N.ppm (or .pgm) and scaled/manifest.txt ("NAME.jpg N REFERENCE" lines).
Needs tools/deps/jpeg.txt (libjpeg-turbo-progs, python3-pil).
"""
import io
import os
import random
import subprocess
import sys

from PIL import Image

CORPUS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "..", "Tests", "ImageCodecsTests", "JPEGCorpus")
OUT = os.path.join(CORPUS, "scaled")
# EXIF orientation → the Pillow transpose that shows the stored picture upright.
TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
LARGER = [("larger_q85_420_160x120", "2x2"), ("larger_q85_422_160x120", "2x1"), ("larger_q85_440_160x120", "1x2")]


def djpeg(path, denominator):
    return subprocess.run(["djpeg", "-scale", f"1/{denominator}", path], check=True, stdout=subprocess.PIPE).stdout


def larger_picture(seed):
    rng = random.Random(seed)
    image = Image.new("RGB", (160, 120))
    pixels = image.load()
    for y in range(120):
        for x in range(160):
            ring = ((x - 80) ** 2 + (y - 60) ** 2) // 97 % 2
            base = ((x * 3 + y) % 256, (y * 2) % 256, 200 if ring else 30)
            pixels[x, y] = tuple(max(0, min(255, c + rng.randint(-30, 30))) for c in base)
    return image


def main():
    os.makedirs(OUT, exist_ok=True)
    names = [line.split()[0] for line in open(os.path.join(CORPUS, "manifest.txt")) if line.strip()]
    for seed, (stem, sampling) in enumerate(LARGER):
        source = io.BytesIO()
        larger_picture(seed).save(source, format="PPM")
        jpeg = subprocess.run(["cjpeg", "-quality", "85", "-sample", sampling], input=source.getvalue(),
                              check=True, stdout=subprocess.PIPE).stdout
        with open(os.path.join(OUT, stem + ".jpg"), "wb") as file:
            file.write(jpeg)
        names.append(os.path.join("scaled", stem + ".jpg"))
    manifest = []
    for name in names:
        path = os.path.join(CORPUS, name)
        orientation = Image.open(path).getexif().get(0x0112, 1)
        stem = os.path.basename(name)[:-4]
        for denominator in (2, 4, 8):
            reference = djpeg(path, denominator)
            extension = ".pgm" if reference.startswith(b"P5") else ".ppm"
            picture = Image.open(io.BytesIO(reference))
            if orientation in TRANSPOSE:
                picture = picture.transpose(TRANSPOSE[orientation])
            out = f"{stem}.1-{denominator}{extension}"
            picture.save(os.path.join(OUT, out))
            manifest.append(f"{name} {denominator} scaled/{out}")
    with open(os.path.join(OUT, "manifest.txt"), "w") as file:
        file.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
