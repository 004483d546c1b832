#!/usr/bin/env python3
"""console-back.py BEFORE.ppm AFTER.ppm

Checks that the text console is on screen again after the player exited: AFTER must equal BEFORE (a
screendump of the console taken before the player ran, with text on it) except inside one character cell
(8 x 16 pixels: fbcon's cursor blinks, so it may show in one screendump and not the other). Exits 0 when it
does; prints what differs otherwise."""
import sys

CELL_WIDTH, CELL_HEIGHT = 8, 16


def read_ppm(path):
    """Width, height and RGB bytes of a binary PPM (P6, maxval 255, no comments: QEMU's screendumps)."""
    data = open(path, "rb").read()
    magic, size, maxval, pixels = data.split(b"\n", 3)
    width, height = map(int, size.split())
    if magic != b"P6" or maxval != b"255" or len(pixels) != width * height * 3:
        raise SystemExit(f"{path}: not a {width}x{height} binary PPM with maxval 255")
    return width, height, pixels


def main():
    before_path, after_path = sys.argv[1], sys.argv[2]
    width, height, before = read_ppm(before_path)
    after_width, after_height, after = read_ppm(after_path)
    if (width, height) != (after_width, after_height):
        print(f"{after_path}: {after_width}x{after_height}, the console was {width}x{height}")
        return 1
    if not any(before):
        print(f"{before_path}: the console screendump is all black; the check needs text on it")
        return 1
    box = None
    for y in range(height):
        row = slice(y * width * 3, (y + 1) * width * 3)
        if before[row] == after[row]:
            continue
        for x in range(width):
            i = (y * width + x) * 3
            if before[i:i + 3] != after[i:i + 3]:
                box = (x, y, x, y) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    if box is None or (box[2] - box[0] < CELL_WIDTH and box[3] - box[1] < CELL_HEIGHT):
        where = "identical" if box is None else f"differs only in ({box[0]},{box[1]})-({box[2]},{box[3]}), the cursor cell"
        print(f"{after_path}: the text console is back ({where})")
        return 0
    print(f"{after_path}: not the console of {before_path}: pixels differ in ({box[0]},{box[1]})-({box[2]},{box[3]})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
