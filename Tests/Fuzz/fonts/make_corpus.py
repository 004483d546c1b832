#!/usr/bin/env python3
"""Writes the fonts fuzz target's seeds from DejaVu Sans (fonts-dejavu-core, Bitstream Vera licence):
a TrueType subset ("AVTo é…" with a composite and kerning), the same glyphs as a CFF font (fontTools'
FontBuilder with Type 2 charstrings), and a two-font .ttc collection of them.

  python3 Tests/Fuzz/fonts/make_corpus.py
"""
import os

from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont, TTCollection

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
TEXT = "AVTo\u00e9\u2026"

options = subset.Options()
options.hinting = False
options.layout_features = ["kern"]
options.name_IDs = []
options.notdef_outline = True
font = TTFont(SOURCE)
subsetter = subset.Subsetter(options)
subsetter.populate(text=TEXT)
subsetter.subset(font)
font.save(os.path.join(OUT, "dejavu-subset.ttf"))

glyph_set = font.getGlyphSet()
order = font.getGlyphOrder()
charstrings = {}
for name in order:
    pen = T2CharStringPen(font["hmtx"][name][0], glyph_set)
    glyph_set[name].draw(pen)
    charstrings[name] = pen.getCharString()
builder = FontBuilder(font["head"].unitsPerEm, isTTF=False)
builder.setupGlyphOrder(order)
builder.setupCharacterMap(font.getBestCmap())
builder.setupCFF("FuzzSeed", {"FullName": "FuzzSeed"}, charstrings, {})
builder.setupHorizontalMetrics({name: font["hmtx"][name] for name in order})
builder.setupHorizontalHeader(ascent=font["hhea"].ascent, descent=font["hhea"].descent)
builder.setupNameTable({"familyName": "FuzzSeed", "styleName": "Regular"})
builder.setupOS2()
builder.setupPost()
builder.save(os.path.join(OUT, "dejavu-subset-cff.otf"))

collection = TTCollection()
collection.fonts = [TTFont(os.path.join(OUT, "dejavu-subset.ttf")), TTFont(os.path.join(OUT, "dejavu-subset-cff.otf"))]
collection.save(os.path.join(OUT, "two-fonts.ttc"))
