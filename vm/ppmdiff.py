#!/usr/bin/env python3
"""ppmdiff.py EXPECTED.ppm ACTUAL.ppm [rgb565]

Compares two binary PPMs (P6, maxval 255) pixel for pixel. Prints OK, or the number of differing pixels,
their bounding box and the first difference; exits 0 only when the images are identical.

With `rgb565`, both pictures show an RGB565 framebuffer and are compared as its 16-bit pixels: each
channel keeps its top 5, 6, 5 bits. (QEMU widens 565 to 8 bits by repeating the top bits, flipbook's PPM
by rounding c × 255 / 31; both keep the top bits, so equal 565 pixels are exactly equal pictures here.)"""
import sys


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval; comments skipped
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise SystemExit(f"{path}: not a binary PPM with maxval 255")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1:pos + 1 + width * height * 3]


def rgb565(pixels):
    """The RGB565 content of 8-bit RGB pixels: each channel's top 5, 6, 5 bits (others zero)."""
    masks = bytes([0xF8, 0xFC, 0xF8]) * (len(pixels) // 3)
    return (int.from_bytes(pixels, "big") & int.from_bytes(masks, "big")).to_bytes(len(pixels), "big")


def main():
    expected_path, actual_path = sys.argv[1], sys.argv[2]
    ew, eh, expected = read_ppm(expected_path)
    aw, ah, actual = read_ppm(actual_path)
    if sys.argv[3:] == ["rgb565"]:
        expected, actual = rgb565(expected), rgb565(actual)
    if (ew, eh) != (aw, ah):
        print(f"{actual_path}: size {aw}x{ah}, expected {ew}x{eh}")
        return 1
    if expected == actual:
        print(f"{actual_path}: {aw}x{ah} OK (identical to {expected_path})")
        return 0
    count, box, first = 0, [aw, ah, -1, -1], None
    for y in range(ah):
        row = slice(y * aw * 3, (y + 1) * aw * 3)
        if expected[row] == actual[row]:
            continue
        for x in range(aw):
            i = (y * aw + x) * 3
            if expected[i:i + 3] != actual[i:i + 3]:
                count += 1
                box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                first = first or (x, y, expected[i:i + 3].hex(), actual[i:i + 3].hex())
    print(f"{actual_path}: {count} of {aw * ah} pixels differ in ({box[0]},{box[1]})-({box[2]},{box[3]}); "
          f"first at ({first[0]},{first[1]}): expected {first[2]}, got {first[3]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
