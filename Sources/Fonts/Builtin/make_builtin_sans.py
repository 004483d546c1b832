#!/usr/bin/env python3
"""Makes Sources/Fonts/Builtin/FlipbookSans.ttf, the built-in "sans" font: a subset of DejaVu Sans
(fonts-dejavu-core; licence in DejaVuSans-LICENSE.txt) made with fontTools' subsetter.

Kept: Basic Latin, Latin-1, Latin Extended-A, Greek and Coptic basics, basic Cyrillic, general punctuation
(dashes, quotes, U+2026 ellipsis, per mille, guillemets), the euro sign, U+2122, U+FFFD. Hinting, every layout
feature but `kern` and the tables Flipbook never reads (GDEF, GSUB, MATH, gasp) are dropped; `name` (with the
copyright) and `post` stay. The family is renamed so the subset is not mistaken for the full font, and the
modification time is DejaVu's, so the output is the same on every run. Then run make_builtin_header.py.

  python3 Sources/Fonts/Builtin/make_builtin_sans.py
"""
import os

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "FlipbookSans.ttf")
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x384, 0x3CE), (0x400, 0x45F), (0x2010, 0x2027), (0x2030, 0x203A),
          (0x20AC, 0x20AC), (0x2122, 0x2122), (0xFFFD, 0xFFFD)]


def subset_font(source, out, unicodes, family, new_family):
    """Subsets `source` to `unicodes` as above and renames `family` (and its spaceless form) `new_family`."""
    options = subset.Options()
    options.hinting = False
    options.layout_features = ["kern"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    options.glyph_names = False
    options.drop_tables += ["GDEF", "GSUB", "MATH", "gasp"]
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 6):
            record.string = record.toUnicode().replace(family, new_family).replace(
                family.replace(" ", ""), new_family.replace(" ", ""))
    font.save(out)
    return font


if __name__ == "__main__":
    made = subset_font(SOURCE, OUT, [code for first, last in RANGES for code in range(first, last + 1)],
                       "DejaVu Sans", "Flipbook Sans")
    print(OUT, os.path.getsize(OUT), "bytes,", len(made.getGlyphOrder()), "glyphs")
