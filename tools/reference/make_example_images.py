#!/usr/bin/env python3
"""Writes the pictures of examples/images.json (deterministic; the cross-check compares board players' frames
of that scene with the host's):

- examples/images/badge.png: 64x64 RGBA, a disc with a soft edge over transparency (straight alpha, so the
  scene's premultiplication matters), Adam7-interlaced, written with the standard library's zlib;
- examples/images/photo.jpg: 160x120 4:2:0 baseline JPEG of a photo-like picture (gradients and pseudo-random
  texture) made with libjpeg-turbo's cjpeg (tools/deps/jpeg.txt) at quality 85;
- examples/images/walker.png: a sprite sheet of 8 frames of 24x32 side by side (192x32 RGBA, not interlaced),
  a figure whose legs and arms swing through one walk cycle, for contentsRect.

    python3 tools/reference/make_example_images.py
"""
import math
import os
import random
import struct
import subprocess
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "examples", "images")
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def badge(size=64):
    """RGBA rows: an orange disc with a darker ring and a one-pixel soft edge, transparent outside."""
    rows = []
    centre = (size - 1) / 2
    for y in range(size):
        row = bytearray()
        for x in range(size):
            distance = math.hypot(x - centre, y - centre)
            alpha = max(0.0, min(1.0, size / 2 - 1 - distance))
            ring = distance > size / 2 - 9
            red, green, blue = (180, 60, 20) if ring else (250, 160 + (x * 80) // size, 40 + (y * 120) // size)
            row += bytes((red, green, blue, round(alpha * 255)))
        rows.append(bytes(row))
    return rows


def interlaced_png(rows, width, height):
    raw = bytearray()
    for x0, y0, dx, dy in ADAM7:
        for y in range(y0, height, dy):
            pixels = [rows[y][x * 4:x * 4 + 4] for x in range(x0, width, dx)]
            if pixels:
                raw += b"\x00" + b"".join(pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 1)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def png(rows, width, height):
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def walker(frames=8, width=24, height=32):
    """RGBA rows of the sheet: per frame a head and four limbs (1.5 px thick strokes, soft edges)."""
    rows = [bytearray() for _ in range(height)]
    for frame in range(frames):
        swing = 0.6 * math.sin(2 * math.pi * frame / frames)
        hip, shoulder = (12, 19), (12, 11)
        limbs = [(shoulder, hip)]
        for sign in (1, -1):
            limbs.append((hip, (12 + 9 * math.sin(sign * swing), 19 + 9 * math.cos(swing))))
            limbs.append((shoulder, (12 + 7 * math.sin(-sign * swing), 11 + 7 * math.cos(swing))))
        for y in range(height):
            for x in range(width):
                px, py = x + 0.5, y + 0.5
                distance = min([segment_distance(px, py, *a, *b) - 1.5 for a, b in limbs]
                               + [math.hypot(px - 12, py - 6) - 3.5])
                alpha = max(0.0, min(1.0, 0.5 - distance))
                rows[y] += bytes((240, 200 + frame * 6, 90, round(alpha * 255)))
    return [bytes(row) for row in rows]


def photo(width=160, height=120):
    rng = random.Random(16)
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            sky = y < height * 0.55 + 8 * math.sin(x / 17)
            base = (90 + y, 150 + y // 2, 230) if sky else (60 + x // 4, 120 - y // 4, 40)
            noise = rng.randint(-12, 12)
            pixels += bytes(max(0, min(255, value + noise)) for value in base)
    return b"P6\n%d %d\n255\n" % (width, height) + bytes(pixels)


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "badge.png"), "wb") as file:
        file.write(interlaced_png(badge(), 64, 64))
    with open(os.path.join(OUT, "walker.png"), "wb") as file:
        file.write(png(walker(), 192, 32))
    jpeg = subprocess.run(["cjpeg", "-quality", "85", "-sample", "2x2"], input=photo(), capture_output=True,
                          check=True).stdout
    with open(os.path.join(OUT, "photo.jpg"), "wb") as file:
        file.write(jpeg)


main()
