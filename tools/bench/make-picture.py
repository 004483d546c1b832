"""Writes the decode bench's 1920x1080 photo-like picture (Sources/flipbook-bench/DecodeWorkloads.swift,
decodeBenchPicture: sky/ground split, LCG film grain) as a binary PPM to the path given."""
import sys

WIDTH, HEIGHT = 1920, 1080
pixels = bytearray(WIDTH * HEIGHT * 3)
state, index = 16, 0
for y in range(HEIGHT):
    for x in range(WIDTH):
        sky = y * 20 < HEIGHT * 11 + (x % 97) - 48
        base = (90 + y // 8, 150 + y // 16, 230) if sky else (60 + x // 16, 120 - y // 32, 40 + (x ^ y) % 32)
        for value in base:
            state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
            pixels[index] = max(0, min(255, value + (state >> 27) - 12))
            index += 1
with open(sys.argv[1], "wb") as out:
    out.write(b"P6\n%d %d\n255\n" % (WIDTH, HEIGHT) + bytes(pixels))
