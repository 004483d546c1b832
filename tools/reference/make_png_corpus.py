#!/usr/bin/env python3
"""Writes the PNG test corpus of Tests/ImageCodecsTests/PNGCorpus with nothing but the standard library's zlib:
every colour type x bit depth x interlace, palettes with tRNS, tRNS colours for grey and RGB, odd sizes, 1x1,
sizes that leave Adam7 passes empty, every 16-bit grey value, a larger RGBA picture, stored / fixed / dynamic
deflate blocks, split and empty IDATs, ancillary chunks to skip, and corrupt files. Rows get pseudo-random
filters (all five). Then each valid file is decoded with libpng (png_reference.c, compiled here with gcc:
Debian packages in tools/deps/png.txt) and manifest.txt records "name width height fnv1a64-of-RGBA".

    python3 tools/reference/make_png_corpus.py [OUTDIR]
"""
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "Tests", "ImageCodecsTests", "PNGCorpus")
rng = random.Random(16)
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, stride, choose):
    """Filters raw rows (bytes) with a filter per row from choose(); returns the filtered stream."""
    out = bytearray()
    previous = bytes(len(rows[0])) if rows else b""
    for row in rows:
        kind = choose()
        out.append(kind)
        for i, x in enumerate(row):
            a = row[i - stride] if i >= stride else 0
            b = previous[i]
            c = previous[i - stride] if i >= stride else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            out.append((x - predictor) & 0xFF)
        previous = row
    return bytes(out)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, bits, filled = bytearray(), 0, 0
    for s in samples:
        bits = bits << depth | s
        filled += depth
        if filled == 8:
            out.append(bits)
            bits, filled = 0, 0
    if filled:
        out.append(bits << (8 - filled))
    return bytes(out)


def make_png(width, height, color, depth, interlace=False, pixels=None, palette=None, trns=None,
             compress=lambda data: zlib.compress(data, 9), idat_splits=1, extra=b"", choose=None):
    """pixels(x, y) -> tuple of samples; returns the file's bytes."""
    channels = CHANNELS[color]
    stride = max(1, channels * depth // 8)
    choose = choose or (lambda: rng.randrange(5))
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    stream = b""
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels(x, y)], depth) for y in ys]
        stream += filter_rows(rows, stride, choose)
    data = compress(stream)
    head = struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 1 if interlace else 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"gAMA", struct.pack(">I", 45455)) + extra
    if palette is not None:
        png += chunk(b"PLTE", b"".join(bytes(entry) for entry in palette))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    cut = [len(data) * i // idat_splits for i in range(idat_splits + 1)]
    for i in range(idat_splits):
        png += chunk(b"IDAT", data[cut[i]:cut[i + 1]])
    return png + chunk(b"tEXt", b"Comment\x00corpus") + chunk(b"IEND", b"")


def random_image(width, height, color, depth, interlace, name):
    top = (1 << depth) - 1
    channels = CHANNELS[color]
    palette = trns = None
    if color == 3:
        entries = min(1 << depth, 200)
        top = entries - 1
        palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(entries)]
        trns = bytes(rng.randrange(256) for _ in range(max(1, entries // 2)))
    grid = {(x, y): tuple(rng.randrange(top + 1) for _ in range(channels)) for x in range(width) for y in range(height)}
    if color in (0, 2):
        key = grid[(width // 2, height // 2)]  # that pixel and any equal to it become transparent
        trns = b"".join(struct.pack(">H", s) for s in key)
    return name, make_png(width, height, color, depth, interlace, lambda x, y: grid[(x, y)], palette, trns)


def deflate_bits(fields):
    """Packs (value, bit count, is_huffman_code) fields into bytes, deflate bit order."""
    out, acc, filled = bytearray(), 0, 0
    for value, count, huffman in fields:
        if huffman:
            value = int(format(value, "0%db" % count)[::-1], 2)
        acc |= value << filled
        filled += count
        while filled >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            filled -= 8
    if filled:
        out.append(acc)
    return bytes(out)


def zlib_wrap(deflate, adler=0):
    return b"\x78\x9c" + deflate + struct.pack(">I", adler)


def valid_files():
    files = []
    depths = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
    for color, allowed in depths.items():
        for depth in allowed:
            for interlace in (False, True):
                files.append(random_image(13, 11, color, depth, interlace, "c%d_d%d_%s.png" % (color, depth, "i" if interlace else "n")))
    for width, height in [(1, 1), (3, 2), (9, 1), (1, 9), (5, 5)]:
        for color, depth in [(6, 8), (3, 2), (0, 1), (2, 16)]:
            files.append(random_image(width, height, color, depth, True, "small_%dx%d_c%d_d%d.png" % (width, height, color, depth)))
    files.append(("grey16_every_value.png", make_png(256, 256, 0, 16, pixels=lambda x, y: (y * 256 + x,), choose=lambda: 1)))
    gradient = lambda x, y: (x * 255 // 639, y * 255 // 479, (x + y) // 5 % 256, 255 - x // 3)
    files.append(("rgba_640x480_interlaced.png", make_png(640, 480, 6, 8, True, gradient, choose=lambda: 4)))
    small = lambda x, y: ((x * 37 + y * 11) % 256, (x * y) % 256, 200)
    files.append(("stored_blocks.png", make_png(40, 30, 2, 8, pixels=small, compress=lambda d: zlib.compress(d, 0))))
    fixed = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_FIXED)
    files.append(("fixed_huffman.png", make_png(40, 30, 2, 8, pixels=small, compress=lambda d: fixed.compress(d) + fixed.flush())))
    rle = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_RLE)
    files.append(("rle_split_idat.png", make_png(40, 30, 2, 8, pixels=small, idat_splits=7,
                                                 compress=lambda d: rle.compress(d) + rle.flush())))
    private = make_png(8, 8, 0, 8, pixels=lambda x, y: (x * 30,),
                       extra=chunk(b"prVt", b"skipped") + chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"text")))
    first_idat = private.index(b"IDAT") - 4
    files.append(("empty_idat_and_private_chunk.png", private[:first_idat] + chunk(b"IDAT", b"") + private[first_idat:]))
    return files


def corrupt_files():
    base = make_png(4, 3, 2, 8, pixels=lambda x, y: (x * 60, y * 80, 7), choose=lambda: 0)
    ihdr_end = 8 + 25
    idat_at = base.index(b"IDAT") - 4

    def replace_idat(png, data):
        length = struct.unpack(">I", png[idat_at:idat_at + 4])[0]
        return png[:idat_at] + chunk(b"IDAT", data) + png[idat_at + 12 + length:]

    raw = b"".join(b"\x00" + bytes(12) for _ in range(3))
    files = {}
    files["bad_crc.png"] = base[:29] + bytes([base[29] ^ 1]) + base[30:]
    files["truncated.png"] = base[:idat_at + 14]
    files["bad_filter.png"] = replace_idat(base, zlib.compress(raw[:26] + b"\x05" + raw[27:]))
    files["bad_zlib_header.png"] = replace_idat(base, b"\x78\x9d" + zlib.compress(raw)[2:])
    good = zlib.compress(raw)
    files["bad_adler.png"] = replace_idat(base, good[:-4] + b"\x00\x00\x00\x00")
    files["bad_block_type.png"] = replace_idat(base, zlib_wrap(b"\x07"))
    files["short_data.png"] = replace_idat(base, zlib.compress(raw[:30]))
    files["long_data.png"] = replace_idat(base, zlib.compress(raw + b"\x00"))
    # A fixed block: literal 0, then a match of length 3 at distance 5 (code 4 plus one extra bit 0).
    files["distance_too_far.png"] = replace_idat(base, zlib_wrap(deflate_bits(
        [(1, 1, False), (1, 2, False), (0x30, 8, True), (1, 7, True), (4, 5, True), (0, 1, False), (0, 7, True)])))
    # A dynamic block whose 19 code length codes all have length 1.
    files["oversubscribed.png"] = replace_idat(base, zlib_wrap(deflate_bits(
        [(1, 1, False), (2, 2, False), (0, 5, False), (0, 5, False), (15, 4, False)] + [(1, 3, False)] * 19)))
    length_at = idat_at
    files["wrong_length.png"] = base[:length_at] + struct.pack(">I", 0x10000) + base[length_at + 4:]
    files["not_ihdr_first.png"] = base[:8] + chunk(b"gAMA", struct.pack(">I", 45455)) + base[8:]
    iend = chunk(b"IEND", b"")
    files["no_iend.png"] = base[:-12]
    files["idat_not_consecutive.png"] = replace_idat(base, good[:5]) .replace(
        iend, b"") + chunk(b"tEXt", b"a\x00b") + chunk(b"IDAT", good[5:]) + iend
    files["unknown_critical.png"] = base[:ihdr_end] + chunk(b"ABCD", b"") + base[ihdr_end:]
    files["huge_dimensions.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)) + base[ihdr_end:]
    files["expansion_bomb.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16000, 2000, 8, 6, 0, 0, 0)) + base[ihdr_end:]
    palette = make_png(4, 1, 3, 8, pixels=lambda x, y: (x + 2,), palette=[(1, 2, 3)] * 4, choose=lambda: 0)
    files["palette_index.png"] = palette
    plte_at = palette.index(b"PLTE") - 4
    files["missing_plte.png"] = palette[:plte_at] + palette[plte_at + 24:].replace(iend, b"")[:-len(chunk(b"tEXt", b"Comment\x00corpus"))] \
        + palette[plte_at:plte_at + 24] + iend
    files["plte_after_idat.png"] = base[:-12] + chunk(b"PLTE", bytes(6)) + iend
    files["truncated_zlib.png"] = replace_idat(base, good[:len(good) // 2])
    files["bad_bit_depth.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 3, 4, 2, 0, 0, 0)) + base[ihdr_end:]
    files["trailing_bytes.png"] = base + b"junk"
    return files


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        if name.endswith(".png") or name == "manifest.txt":
            os.remove(os.path.join(OUT, name))
    with tempfile.TemporaryDirectory() as scratch:
        reference = os.path.join(scratch, "png_reference")
        subprocess.check_call(["gcc", "-O2", "-o", reference, os.path.join(HERE, "png_reference.c"), "-lpng"])
        lines = []
        for name, data in valid_files():
            path = os.path.join(OUT, name)
            with open(path, "wb") as file:
                file.write(data)
            lines.append(name + " " + subprocess.check_output([reference, path], text=True).strip())
    for name, data in corrupt_files().items():
        with open(os.path.join(OUT, "corrupt_" + name), "wb") as file:
            file.write(data)
    with open(os.path.join(OUT, "manifest.txt"), "w") as manifest:
        manifest.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
