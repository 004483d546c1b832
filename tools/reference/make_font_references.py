#!/usr/bin/env python3
"""Writes the font reader's reference data (Tests/FontsTests/Reference/*.txt) from fontTools and HarfBuzz.

For each test font (Debian packages listed in tools/deps/fonts.txt):
  metrics UPEM GLYPHS ASCENDER DESCENDER LINEGAP         (head, maxp, hhea)
  map SCALAR GLYPH ADVANCE LSB                           (cmap, hmtx)
  outline GLYPH, then M/L/Q/C X Y ... and Z lines        (fontTools pens; raw Q16.16 font units)
  kern LEFT RIGHT VALUE                                  (the `kern` table, format 0, when the font has one)
  shape HEXUTF8 X0 X1 ... END                            (hb-shape pen positions in font units, kerning only)

Outline coordinates are written as Q16.16 integers and must be exact (a value that is not a multiple of 2^-16
stops the script). Strings are random (seeded) over the font's Latin characters.

  python3 tools/reference/make_font_references.py
"""
import os
import random
import subprocess
import tempfile

from fontTools.pens.basePen import BasePen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "Tests", "FontsTests", "Reference")
FONTS = {
    "DejaVuSans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "NimbusSans": "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
}
# HarfBuzz's default horizontal features, all off but kerning.
FEATURES = "-liga,-clig,-calt,-ccmp,-locl,-mark,-mkmk,-rlig,-rclt,-curs,-dist,-abvm,-blwm,+kern"
OUTLINE_SCALARS = list(range(0x21, 0x7F)) + [0xC5, 0xE9, 0xF1, 0xDF, 0x3A9, 0x436, 0x2026, 0xFFFD]
STRING_COUNT = 600


def raw(value):
    scaled = value * 65536
    assert scaled == int(scaled), value
    return str(int(scaled))


class RecordingPen(BasePen):
    """Records moveTo/lineTo/qCurveTo (one control)/curveTo/closePath with raw Q16.16 coordinates."""

    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.lines = []

    def _point(self, *points):
        return " ".join(raw(x) + " " + raw(y) for x, y in points)

    def _moveTo(self, p):
        self.lines.append("M " + self._point(p))

    def _lineTo(self, p):
        self.lines.append("L " + self._point(p))

    def _qCurveToOne(self, c, p):
        self.lines.append("Q " + self._point(c, p))

    def _curveToOne(self, c1, c2, p):
        self.lines.append("C " + self._point(c1, c2, p))

    def _closePath(self):
        self.lines.append("Z")


def draw(font, glyph_set, name, pen):
    if "glyf" in font:
        glyph = font["glyf"][name]
        if glyph.isComposite():
            for component in glyph.components:
                child, transform = component.getComponentInfo()
                draw(font, glyph_set, child, TransformPen(pen, transform))
        else:
            glyph.draw(pen, font["glyf"])
    else:
        glyph_set[name].draw(pen)


def shape_glyphs(path, strings):
    """hb-shape with kerning only: per string, the glyph ids and the pen position of each glyph, then the end."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as text:
        text.write("\n".join(strings) + "\n")
    try:
        output = subprocess.run(
            ["hb-shape", path, "--text-file=" + text.name, "--features=" + FEATURES, "--no-glyph-names",
             "--no-clusters", "--script=latn", "--language=en", "--direction=ltr"],
            check=True, capture_output=True, text=True).stdout.splitlines()
    finally:
        os.unlink(text.name)
    assert len(output) == len(strings)
    results = []
    for line in output:
        pen, glyphs, positions = 0, [], []
        for item in line.strip("[]").split("|"):
            glyph, rest = item.split("@") if "@" in item else (item.split("+")[0], "0,0+" + item.split("+")[1])
            offset, advance = rest.split("+")
            dx = int(offset.split(",")[0])
            glyphs.append(int(glyph))
            positions.append(pen + dx)
            pen += int(advance)
        positions.append(pen)
        results.append((glyphs, positions))
    return results


def shape(path, strings):
    return [positions for _, positions in shape_glyphs(path, strings)]


def write(name, path):
    font = TTFont(path)
    glyph_set = font.getGlyphSet()
    order = font.getGlyphOrder()
    cmap = font.getBestCmap()
    hhea, hmtx = font["hhea"], font["hmtx"]
    lines = ["metrics %d %d %d %d %d" % (font["head"].unitsPerEm, font["maxp"].numGlyphs, hhea.ascent,
                                         hhea.descent, hhea.lineGap)]
    latin = sorted(s for s in cmap if 0x20 <= s < 0x7F or 0xA0 <= s < 0x180)
    scalars = sorted(set(latin + OUTLINE_SCALARS + [0x10FFFF, 0xE000, 0x378]))
    for scalar in scalars:
        glyph = font.getGlyphID(cmap[scalar]) if scalar in cmap else 0
        advance, lsb = hmtx[order[glyph]]
        lines.append("map %d %d %d %d" % (scalar, glyph, advance, lsb))
    for scalar in OUTLINE_SCALARS:
        glyph_name = cmap.get(scalar, order[0])
        pen = RecordingPen(glyph_set)
        draw(font, glyph_set, glyph_name, pen)
        lines.append("outline %d" % font.getGlyphID(glyph_name))
        lines.extend(pen.lines)
    if "kern" in font:
        pairs = sorted(font["kern"].kernTables[0].kernTable.items())
        for (left, right), value in pairs[::max(1, len(pairs) // 400)]:
            lines.append("kern %d %d %d" % (font.getGlyphID(left), font.getGlyphID(right), value))
    rng = random.Random(15)
    alphabet = [chr(s) for s in latin if chr(s).isalnum() or chr(s) in " .,;:-'\"!?()/&"]
    strings = ["".join(rng.choice(alphabet) for _ in range(rng.randint(2, 12))).strip() or "AV"
               for _ in range(STRING_COUNT)]
    for text, positions in zip(strings, shape(path, strings)):
        lines.append("shape %s %s" % (text.encode("utf-8").hex(), " ".join(map(str, positions))))
    with open(os.path.join(OUT, name + ".txt"), "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    for font_name, font_path in FONTS.items():
        write(font_name, font_path)
