#!/usr/bin/env python3
"""Writes the broken image and font corpora of Tests/FlipbookScenesTests/Broken/ (issue 20).

Each case is one file with one distinct problem; its INDEX line is `file<TAB>the message flipbook validate
prints after 'cannot use image "file": '` (or font). BrokenInputTests reads INDEX and checks every message.
Images are built from scratch (PNG, Netpbm, other formats) or patched from the JPEG corpus file
Tests/ImageCodecsTests/JPEGCorpus/q75_444_33x27.jpg (APP0 at 2, DQT at 20 and 89, SOF0 at 158, DHT at 177,
SOS at 609). Fonts are small sfnt files built byte by byte (the layout of Tests/FontsTests/SyntheticFont.swift).

Run from the repository root: python3 tools/fuzz/make_broken_inputs.py
"""
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BROKEN = os.path.join(ROOT, "Tests", "FlipbookScenesTests", "Broken")
JPEG_BASE = os.path.join(ROOT, "Tests", "ImageCodecsTests", "JPEGCorpus", "q75_444_33x27.jpg")


def u16(value):
    return struct.pack(">H", value & 0xFFFF)


def u32(value):
    return struct.pack(">I", value & 0xFFFFFFFF)


# MARK: - PNG

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, crc=None):
    computed = zlib.crc32(kind + data) & 0xFFFFFFFF
    return u32(len(data)) + kind + data + u32(computed if crc is None else crc)


def ihdr(width=2, height=2, depth=8, colour=2, compression=0, filtering=0, interlace=0):
    return chunk(b"IHDR", u32(width) + u32(height) + bytes([depth, colour, compression, filtering, interlace]))


def rows(width=2, height=2, channels=3):
    """Filter type 0 rows of a small gradient."""
    return b"".join(b"\x00" + bytes((x * 40 + y * 7 + c) & 0xFF for x in range(width) for c in range(channels))
                    for y in range(height))


def idat(raw=None, stream=None):
    return chunk(b"IDAT", stream if stream is not None else zlib.compress(raw if raw is not None else rows()))


IEND = chunk(b"IEND", b"")


def png(*chunks):
    return SIGNATURE + b"".join(chunks)


def palette_png(*middle, depth=8):
    raw = b"".join(b"\x00" + bytes([0, 1]) for _ in range(2))
    return png(ihdr(depth=depth, colour=3), *middle, idat(raw), IEND)


def zlib_stream(header, body, adler_of=b""):
    return header + body + u32(zlib.adler32(adler_of))


PNG_CASES = [
    ("png-second-ihdr.png", png(ihdr(), ihdr(), idat(), IEND), "PNG: IHDR: a second IHDR at byte 33"),
    ("png-ihdr-length.png", png(chunk(b"IHDR", u32(2) + u32(2) + bytes([8, 2, 0, 0])), idat(), IEND),
     "PNG: IHDR: length 12, expected 13"),
    ("png-colour-type-5.png", png(ihdr(colour=5), idat(), IEND), "PNG: IHDR: colour type 5 is not 0, 2, 3, 4 or 6"),
    ("png-compression-method.png", png(ihdr(compression=1), idat(), IEND), "PNG: IHDR: compression method 1 is not 0"),
    ("png-filter-method.png", png(ihdr(filtering=1), idat(), IEND), "PNG: IHDR: filter method 1 is not 0"),
    ("png-interlace-method.png", png(ihdr(interlace=2), idat(), IEND), "PNG: IHDR: interlace method 2 is not 0 or 1"),
    ("png-zero-width.png", png(ihdr(width=0), idat(), IEND), "PNG: IHDR: size 0×2 is outside 1…2147483647"),
    ("png-chunk-type-not-letters.png", png(ihdr(), chunk(b"ID4T", b""), idat(), IEND),
     "PNG: chunk at byte 33: type bytes are not letters"),
    ("png-length-over-2-31.png", png(ihdr(), u32(0x80000000) + b"IDAT", IEND),
     "PNG: chunk \"IDAT\" at byte 33: length 2147483648 exceeds 2³¹ − 1"),
    ("png-iend-with-data.png", png(ihdr(), idat(), chunk(b"IEND", b"\x00")), "PNG: IEND: length 1, expected 0"),
    ("png-iend-before-idat.png", png(ihdr(), IEND), "PNG: IEND: no IDAT before it"),
    ("png-second-plte.png", palette_png(chunk(b"PLTE", bytes(6)), chunk(b"PLTE", bytes(6))),
     "PNG: PLTE: a second PLTE at byte 51"),
    ("png-plte-in-grey.png", png(ihdr(colour=0), chunk(b"PLTE", bytes(6)), idat(rows(channels=1)), IEND),
     "PNG: PLTE: not allowed in a grey image"),
    ("png-plte-length.png", palette_png(chunk(b"PLTE", bytes(7))), "PNG: PLTE: length 7 is not 3 × 1…256 entries"),
    ("png-plte-over-bit-depth.png", palette_png(chunk(b"PLTE", bytes(15)), depth=2),
     "PNG: PLTE: 5 entries exceed the 4 of bit depth 2"),
    ("png-plte-after-trns.png", png(ihdr(), chunk(b"tRNS", bytes(6)), chunk(b"PLTE", bytes(6)), idat(), IEND),
     "PNG: PLTE: comes after tRNS (at byte 51)"),
    ("png-second-trns.png", png(ihdr(), chunk(b"tRNS", bytes(6)), chunk(b"tRNS", bytes(6)), idat(), IEND),
     "PNG: tRNS: a second tRNS at byte 51"),
    ("png-trns-after-idat.png", png(ihdr(), idat(), chunk(b"tRNS", bytes(6)), IEND),
     "PNG: tRNS: comes after IDAT (at byte 67)"),
    ("png-trns-grey-length.png", png(ihdr(colour=0), chunk(b"tRNS", bytes(6)), idat(rows(channels=1)), IEND),
     "PNG: tRNS: length 6, expected 2 for a grey image"),
    ("png-trns-rgb-length.png", png(ihdr(), chunk(b"tRNS", bytes(2)), idat(), IEND),
     "PNG: tRNS: length 2, expected 6 for an RGB image"),
    ("png-trns-sample-over-depth.png",
     png(ihdr(depth=2, colour=0), chunk(b"tRNS", u16(4)), idat(b"\x00\x00\x00\x00"), IEND),
     "PNG: tRNS: sample 4 exceeds the 3 of bit depth 2"),
    ("png-trns-before-plte.png", png(ihdr(colour=3), chunk(b"tRNS", bytes(1)), chunk(b"PLTE", bytes(6)),
                                     idat(b"\x00\x00\x01\x00\x01\x00"), IEND),
     "PNG: tRNS: comes before PLTE"),
    ("png-trns-longer-than-plte.png", palette_png(chunk(b"PLTE", bytes(6)), chunk(b"tRNS", bytes(3))),
     "PNG: tRNS: 3 alpha values for a 2-entry palette"),
    ("png-trns-with-alpha.png", png(ihdr(colour=6), chunk(b"tRNS", bytes(6)), idat(rows(channels=4)), IEND),
     "PNG: tRNS: not allowed in an image with an alpha channel"),
    ("png-zlib-method-9.png", png(ihdr(), idat(stream=b"\x79\x18" + zlib.compress(rows())[2:]), IEND),
     "PNG: IDAT: zlib: unsupported compression method 9 with a 15-bit window (expected deflate, at most 15)"),
    ("png-zlib-preset-dictionary.png", png(ihdr(), idat(stream=b"\x78\xbb" + bytes(4) + zlib.compress(rows())[2:]), IEND),
     "PNG: IDAT: zlib: preset dictionaries are not supported"),
    ("png-stored-length-complement.png",
     png(ihdr(), idat(stream=zlib_stream(b"\x78\x01", b"\x01" + u16(14)[::-1] + u16(0)[::-1] + rows(), rows())), IEND),
     "PNG: IDAT: zlib: stored block length does not match its complement at byte 3"),
    ("png-zlib-trailing-bytes.png", png(ihdr(), idat(stream=zlib.compress(rows()) + b"\x00\x00"), IEND),
     "PNG: IDAT: zlib: 2 bytes follow the end of the stream"),
]


# MARK: - Netpbm and other formats

def netpbm_magic(name, data):
    """A Netpbm file with a magic number flipbook does not read."""
    return (name, data, f"unsupported magic number \"{data[:2].decode()}\" (expected P3, P5, P6 or P7)")


def netpbm_outside(name, data, field, value):
    """A Netpbm header whose FIELD is VALUE, outside the field's range."""
    limits = {"width": "1…16384", "height": "1…16384", "maxval": "1…65535", "depth": "1…4"}[field]
    return (name, data, f"{field} {value} is outside {limits}")


NETPBM_CASES = [
    netpbm_magic("pbm-bitmap.pbm", b"P1\n2 2\n0 1 1 0\n"),
    netpbm_magic("pgm-plain.pgm", b"P2\n2 2\n255\n0 1 2 3\n"),
    netpbm_outside("ppm-height-0.ppm", b"P6\n2 0\n255\n", "height", 0),
    netpbm_outside("ppm-width-over-limit.ppm", b"P6\n16385 1\n255\n", "width", 16385),
    netpbm_outside("ppm-maxval-0.ppm", b"P6\n1 1\n0\n\x00\x00\x00", "maxval", 0),
    netpbm_outside("ppm-maxval-65536.ppm", b"P6\n1 1\n65536\n\x00\x00\x00", "maxval", 65536),
    ("ppm-header-ends.ppm", b"P6\n2 2\n", "expected the maxval, found \"\""),
    netpbm_outside("ppm-negative-width.ppm", b"P6\n-2 2\n255\n", "width", -2),
    ("ppm-sample-over-maxval.ppm", b"P6\n1 1\n100\n\x00\x65\x00", "sample 101 exceeds maxval 100"),
    ("pgm-16-bit-truncated.pgm", b"P5\n2 1\n1000\n\x00\x01\x02", "pixel data is truncated (3 bytes, need 4)"),
    ("ppm-plain-sample-word.ppm", b"P3\n1 1\n255\n1 two 3\n", "expected the sample, found \"two\""),
    ("pam-unknown-keyword.pam", b"P7\nWIDTH 1\nHEIGHT 1\nCOLORS 3\nENDHDR\n", "unknown PAM header keyword \"COLORS\""),
    ("pam-no-width.pam", b"P7\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n\x00\x00\x00",
     "PAM header lacks WIDTH, HEIGHT or MAXVAL"),
    ("pam-blackandwhite.pam", b"P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 1\nTUPLTYPE BLACKANDWHITE\nENDHDR\n\x00",
     "unsupported PAM tuple type \"BLACKANDWHITE\""),
    netpbm_outside("pam-depth-5.pam", b"P7\nWIDTH 1\nHEIGHT 1\nDEPTH 5\nMAXVAL 255\nENDHDR\n", "depth", 5),
    ("pam-grey-alpha-depth-1.pam",
     b"P7\nWIDTH 1\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nTUPLTYPE GRAYSCALE_ALPHA\nENDHDR\n\x00",
     "PAM tuple type GRAYSCALE_ALPHA needs depth 2, found 1"),
]

OTHER_CASES = [
    ("gif-picture.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;",
     "not a supported image (it starts with 47 49 46 38 39 61 01 00 \"GIF89a..\"; PNG, JPEG and Netpbm are read)"),
    ("bmp-picture.bmp", b"BM" + bytes(52),
     "not a supported image (it starts with 42 4D 00 00 00 00 00 00 \"BM......\"; PNG, JPEG and Netpbm are read)"),
    ("empty-file.png", b"", "not a supported image (the file is empty; PNG, JPEG and Netpbm are read)"),
    ("svg-text.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
     "not a supported image (it starts with 3C 73 76 67 20 78 6D 6C \"<svg xml\"; PNG, JPEG and Netpbm are read)"),
]


# MARK: - JPEG

def jpeg_cases():
    with open(JPEG_BASE, "rb") as handle:
        base = handle.read()
    assert len(base) == 1470 and base[158:160] == b"\xff\xc0" and base[609:611] == b"\xff\xda"

    def patched(*changes):
        data = bytearray(base)
        for offset, value in changes:
            data[offset] = value
        return bytes(data)

    return [
        ("jpeg-dri-length.jpg", base[:20] + b"\xff\xdd\x00\x05\x00\x01\x00" + base[20:], "JPEG DRI at byte 22: length 5 is not 4"),
        ("jpeg-dht-class-2.jpg", patched((181, 0x20)), "JPEG DHT at byte 181: table class 2 / index 0 is not 0…1 / 0…3"),
        ("jpeg-dqt-short-table.jpg", patched((23, 0x30)), "JPEG DQT at byte 24: table 0 needs 64 bytes, the segment has 45"),
        ("jpeg-dht-ends-in-counts.jpg", patched((180, 0x05)), "JPEG DHT at byte 181: segment ends inside the code counts"),
        ("jpeg-dht-missing-symbols.jpg", patched((180, 0x13)), "JPEG DHT at byte 181: DC table 0 needs 12 symbols, the segment has 0"),
        ("jpeg-frame-header-short.jpg", patched((161, 0x06)), "JPEG SOF0 at byte 158: frame header of 6 bytes is too short"),
        ("jpeg-scan-duplicate-component.jpg", patched((616, 0x01)), "JPEG SOS at byte 616: component id 1 appears twice"),
        ("jpeg-undefined-ac-table.jpg", patched((615, 0x02)), "JPEG SOS at byte 615: component 1 uses AC table 2, which is not defined"),
        ("jpeg-progressive-dc-with-ac.jpg", patched((159, 0xC2)), "JPEG SOS at byte 620: progressive parameters Ss=0 Se=63 Ah=0 Al=0 are invalid"),
        ("jpeg-ends-inside-marker.jpg", base[:20] + b"\xff", "JPEG file start at byte 20: file ends inside a marker"),
        ("jpeg-ends-before-length.jpg", base[:22], "JPEG DQT at byte 20: file ends before the segment length"),
        ("jpeg-dnl.jpg", base[:609] + b"\xff\xdc\x00\x04\x00\x1b" + base[609:], "JPEG DNL at byte 609: DNL (height given after the scan) is not supported"),
        ("jpeg-mcu-over-10-blocks.jpg", patched((169, 0x44)), "JPEG SOS at byte 609: an MCU of 18 blocks (at most 10)"),
    ]


# MARK: - Fonts

def sfnt(tables, version=0x00010000):
    header = u32(version) + u16(len(tables)) + u16(0) + u16(0) + u16(0)
    offset = 12 + 16 * len(tables)
    records, data = b"", b""
    for tag, table in tables:
        records += tag + u32(0) + u32(offset) + u32(len(table))
        padded = table + bytes((4 - len(table) % 4) % 4)
        data += padded
        offset += len(padded)
    return header + records + data


def head(magic=0x5F0F3CF5, units=1000, loca_format=1):
    table = u32(0x00010000) + u32(0) + u32(0) + u32(magic) + u16(0) + u16(units)
    return table + bytes(50 - len(table)) + u16(loca_format) + u16(0)


def hhea(metrics):
    table = u32(0x00010000) + u16(800) + u16(-200) + u16(0)
    return table + bytes(34 - len(table)) + u16(metrics)


def cmap_format4():
    """Maps 'A' to glyph 1 (one segment and the final 0xFFFF one)."""
    subtable = (u16(4) + u16(32) + u16(0) + u16(4) + u16(4) + u16(1) + u16(0) + u16(0x41) + u16(0xFFFF) + u16(0)
                + u16(0x41) + u16(0xFFFF) + u16(1 - 0x41) + u16(1) + u16(0) + u16(0))
    return u16(0) + u16(1) + u16(3) + u16(1) + u32(12) + subtable


def common(glyphs):
    return {
        b"head": head(), b"hhea": hhea(glyphs), b"maxp": u32(0x00005000) + u16(glyphs),
        b"hmtx": (u16(500) + u16(0)) * glyphs, b"cmap": cmap_format4(),
    }


def true_type(glyph_records, **changes):
    loca, glyf = b"", b""
    for record in glyph_records:
        loca += u32(len(glyf))
        glyf += record
    loca += u32(len(glyf))
    tables = common(len(glyph_records))
    tables[b"loca"], tables[b"glyf"] = loca, glyf
    for tag, table in changes.items():
        key = tag.encode().ljust(4)
        if table is None:
            tables.pop(key)
        else:
            tables[key] = table
    return sfnt(sorted(tables.items()))


SQUARE = (u16(1) + u16(0) + u16(0) + u16(100) + u16(100) + u16(3) + u16(0)
          + bytes([0x01] * 4) + u16(0) + u16(100) + u16(0) + u16(-100) + u16(0) + u16(0) + u16(100) + u16(0))


def cff_index(objects):
    if not objects:
        return u16(0)
    offsets, offset = b"", 1
    for item in objects:
        offsets += u32(offset)
        offset += len(item)
    return u16(len(objects)) + b"\x04" + offsets + u32(offset) + b"".join(objects)


def compact(char_strings, subroutines=(), extra_top=b"", version=1):
    def integer(value):
        return b"\x1d" + u32(value)
    names, strings, globals_ = cff_index([b"T"]), cff_index([]), cff_index([])
    top_size = len(cff_index([bytes(17 + len(extra_top))]))
    char_strings_at = 4 + len(names) + top_size + len(strings) + len(globals_)
    char_string_index = cff_index(char_strings)
    private_at = char_strings_at + len(char_string_index)
    private = integer(6) + b"\x13"
    top = integer(char_strings_at) + b"\x11" + integer(len(private)) + integer(private_at) + b"\x12" + extra_top
    cff = (bytes([version, 0, 4, 4]) + names + cff_index([top]) + strings + globals_ + char_string_index + private
           + cff_index(list(subroutines)))
    tables = common(len(char_strings))
    tables[b"CFF "] = cff
    return sfnt(sorted(tables.items()), version=0x4F54544F)


def font_cases():
    good = [b"", SQUARE]
    return [
        ("font-empty.ttf", b"", "table 'file' at offset 0: truncated"),
        ("font-woff.woff", b"wOFF" + bytes(40), "table 'file' at offset 0: unknown version"),
        ("font-no-cmap.ttf", true_type(good, cmap=None), "the required table 'cmap' is missing"),
        ("font-no-head.ttf", true_type(good, head=None), "the required table 'head' is missing"),
        ("font-no-hmtx.ttf", true_type(good, hmtx=None), "the required table 'hmtx' is missing"),
        ("font-head-magic.ttf", true_type(good, head=head(magic=0x12345678)), "table 'head' at offset 216: unknown version"),
        ("font-units-per-em-8.ttf", true_type(good, head=head(units=8)), "table 'head' at offset 222: a count contradicts another field"),
        ("font-loca-format-2.ttf", true_type(good, head=head(loca_format=2)), "table 'head' at offset 254: unsupported format"),
        ("font-hhea-metrics-over-glyphs.ttf", true_type(good, hhea=hhea(3)), "table 'hhea' at offset 294: a count contradicts another field"),
        ("font-cmap-version-1.ttf", true_type(good, cmap=b"\x00\x01" + cmap_format4()[2:]), "table 'cmap' at offset 124: unknown version"),
        ("font-cmap-subtable-outside.ttf", true_type(good, cmap=u16(0) + u16(1) + u16(3) + u16(1) + u32(4000)), "table 'cmap' at offset 132: an offset points outside the table"),
        ("font-cmap-mac-roman-only.ttf",
         true_type(good, cmap=u16(0) + u16(1) + u16(1) + u16(0) + u32(12) + u16(0) + u16(262) + u16(0) + bytes(256)),
         "table 'cmap' at offset 126: unsupported format"),
        ("font-cmap-format-12-groups.ttf",
         true_type(good, cmap=u16(0) + u16(1) + u16(3) + u16(10) + u32(12) + u16(12) + u16(0) + u32(28) + u32(0)
                   + u32(1000) + u32(0x41) + u32(0x41) + u32(1)), "table 'cmap' at offset 148: an offset points outside the table"),
        ("font-glyph-truncated.ttf", true_type([b"", SQUARE[:14]]), "table 'glyf' at offset 182: truncated"),
        ("font-composite-loop.ttf",
         true_type([b"", u16(-1) + bytes(8) + u16(0x0002) + u16(1) + b"\x00\x00"]), "table 'glyf' at offset 168: composite glyphs nest too deep (a loop?)"),
        ("font-cff-version-2.otf", compact([b"\x0e", b"\x0e"], version=2), "table 'CFF ' at offset 108: unknown version"),
        ("font-cff-cid-keyed.otf", compact([b"\x0e", b"\x0e"], extra_top=b"\x8b\x0c\x24"),
         "table 'CFF ' at offset 135: unsupported format"),
        ("font-cff-type-1-charstrings.otf", compact([b"\x0e", b"\x0e"], extra_top=b"\x8c\x0c\x06"),
         "table 'CFF ' at offset 135: unsupported format"),
        ("font-cff-stack-overflow.otf", compact([b"\x0e", b"\x8b" * 49 + b"\x0e"]), "table 'CFF ' at offset 221: charstring operand stack overflow"),
        ("font-cff-unknown-operator.otf", compact([b"\x0e", b"\x8b\x8b\x02\x0e"]), "table 'CFF ' at offset 174: malformed charstring"),
        ("font-cff-subroutine-loop.otf", compact([b"\x0e", b"\x20\x0a\x0e"], subroutines=[b"\x20\x0a"]), "table 'CFF ' at offset 193: charstring subroutines nest too deep (a loop?)"),
        ("font-cff-stack-underflow.otf", compact([b"\x0e", b"\x15\x0e"]), "table 'CFF ' at offset 172: charstring operand stack underflow"),
        ("font-collection-empty.ttc", b"ttcf" + u32(0x00010000) + u32(0), "font 0 of a collection of 0"),
    ]


def write(directory, cases):
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        os.remove(os.path.join(directory, name))
    names = set()
    with open(os.path.join(directory, "INDEX"), "w", encoding="utf-8") as index:
        for name, data, message in cases:
            assert name not in names, name
            names.add(name)
            with open(os.path.join(directory, name), "wb") as handle:
                handle.write(data)
            index.write(f"{name}\t{message}\n")


def main():
    write(os.path.join(BROKEN, "images"), PNG_CASES + NETPBM_CASES + OTHER_CASES + jpeg_cases())
    write(os.path.join(BROKEN, "fonts"), font_cases())


if __name__ == "__main__":
    main()
