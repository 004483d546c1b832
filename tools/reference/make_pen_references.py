#!/usr/bin/env python3
"""Writes Tests/FlipbookTests/Text/Reference/pen-positions.txt: HarfBuzz's pen positions for random strings in five
fonts (two TrueType, two CFF, the built-in Flipbook Sans), which the engine's text layer must reproduce to 1/64 px
at sizes 8 to 96 (Tests/FlipbookTests/Text/LayerPenPositionTests.swift).

  font NAME PATH-OR-builtin UNITS-PER-EM
  HEXUTF8 X0 X1 ... XN                  (pen position of each glyph, then the end, in font units; one string)

hb-shape (Debian libharfbuzz-bin) shapes with every default feature off but `kern`, script Latin, left to right,
as Flipbook lays text out (pair kerning only). Strings are random (seeded) over the letters, digits and punctuation
each font maps, Latin-1 for all, plus Greek and Cyrillic where the font has them; no leading or trailing spaces.

  python3 tools/reference/make_pen_references.py
"""
import os
import random

from fontTools.ttLib import TTFont

from make_font_references import shape  # hb-shape with kerning only, as Flipbook lays text out

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "Tests", "FlipbookTests", "Text", "Reference", "pen-positions.txt")
FONTS = [
    ("FlipbookSans", "builtin", os.path.join(ROOT, "Sources", "Fonts", "Builtin", "FlipbookSans.ttf")),
    ("DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", None),
    ("DejaVuSerif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", None),
    ("NimbusSans", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", None),
    ("NimbusRoman", "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf", None),
]
STRINGS_PER_FONT = 220
# Kerning-heavy capitals and punctuation appear more often than the rest.
FAVOURED = "AVWTYLPFKRovwyaek.,'\"-"


def main():
    rng = random.Random(1564)
    lines = []
    for name, where, builtin_path in FONTS:
        path = builtin_path or where
        font = TTFont(path)
        cmap = font.getBestCmap()
        ranges = [(0x20, 0x7F), (0xA0, 0x180), (0x391, 0x3CA), (0x410, 0x450)]
        alphabet = [chr(s) for first, last in ranges for s in range(first, last)
                    if s in cmap and (chr(s).isalnum() or chr(s) in " .,;:-'\"!?()/&")]
        alphabet += [c for c in FAVOURED if ord(c) in cmap] * 4
        strings = []
        while len(strings) < STRINGS_PER_FONT:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 16))).strip()
            if text:
                strings.append(text)
        lines.append("font %s %s %d" % (name, where, font["head"].unitsPerEm))
        for text, positions in zip(strings, shape(path, strings)):
            assert len(positions) == len(text) + 1, text
            lines.append("%s %s" % (text.encode("utf-8").hex(), " ".join(map(str, positions))))
    with open(OUT, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(OUT, len(lines) - len(FONTS), "strings")


if __name__ == "__main__":
    main()
