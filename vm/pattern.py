#!/usr/bin/env python3
"""pattern.py NAME WIDTH HEIGHT OUT.ppm

Writes the expected screen of `flipbook play --test-pattern NAME --at 0` as binary PPM, computed here
independently of the Swift code: four solid quadrants, red top-left, green top-right, blue bottom-left,
white bottom-right (the split at width/2, height/2 rounded down). `moving` at t=0 adds a 32x32 black
square at x=0 centred on height/4."""
import sys


def main():
    name, width, height, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    colours = [b"\xff\x00\x00", b"\x00\xff\x00", b"\x00\x00\xff", b"\xff\xff\xff"]
    rows = []
    for y in range(height):
        top = y < height // 2
        left, right = colours[0 if top else 2], colours[1 if top else 3]
        row = bytearray(left * (width // 2) + right * (width - width // 2))
        square_top = max(height // 4 - 16, 0)
        if name == "moving" and square_top <= y < square_top + 32:
            row[0:32 * 3] = b"\x00" * (32 * 3)
        rows.append(bytes(row))
    with open(out, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (width, height) + b"".join(rows))


if __name__ == "__main__":
    main()
