#!/usr/bin/env python3
"""Writes Tests/FontsTests/Reference/FallbackPenPositions.txt: HarfBuzz's glyphs and pen positions for random
strings laid out with fallback fonts, which Flipbook's TextLayout over a FontCascade must reproduce to 1/64 px
(Tests/FontsTests/FallbackLayoutTests.swift).

Each character takes the first font of the cascade whose cmap (fontTools' best cmap) maps it to a glyph other
than .notdef. The string is split into runs of characters of one font; each run is shaped by hb-shape with that
font alone (kerning only, every other default feature off, as Flipbook lays text out), so kerning never crosses
a change of font; the runs follow each other, each in its own font's units.

  cascade NAME FONT ...                   (the fonts in fallback order: a path, `builtin` (Flipbook Sans) or
                                           `reference:FILE` in Tests/FontsTests/Reference)
  HEXUTF8 F: G,X ... =W F: G,X ... =W     (per run: its font's index, then per glyph its id and its pen
                                           position in the run in that font's units; =W ends the run, W wide)

Strings (seeded) mix the letters, digits and punctuation the first font maps (Latin-1, Greek, Cyrillic,
kerning-prone capitals favoured) with clumps of characters only a later font maps (Latin Extended-B and
Additional, IPA, Cyrillic beyond the basic block, Armenian, Georgian, Greek Extended, arrows, mathematical
operators, box drawing, geometric shapes, dingbats; and Latin itself after the Greek-only first font).

The Greek-only first font, Tests/FontsTests/Reference/FallbackGreekSerif.ttf, is made here: DejaVu Serif
(fonts-dejavu-core; licence: Sources/Fonts/Builtin/DejaVuSans-LICENSE.txt, the same for every DejaVu font)
subset by fontTools to Greek, digits and punctuation, hinting dropped, renamed as the Bitstream Vera licence
asks of modified fonts, DejaVu's modification time kept (the same bytes on every run). Its Latin falls back to
Nimbus Sans, whose kerning must then apply inside the Latin runs.

  /usr/bin/python3 tools/reference/make_fallback_references.py
"""
import os
import random
import unicodedata

import sys

from fontTools.ttLib import TTFont

from make_font_references import shape_glyphs

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Sources", "Fonts", "Builtin"))
from make_builtin_sans import subset_font  # noqa: E402 (the built-in font's subsetter, same options)

REFERENCE = os.path.join(ROOT, "Tests", "FontsTests", "Reference")
OUT = os.path.join(REFERENCE, "FallbackPenPositions.txt")
GREEK = "reference:FallbackGreekSerif.ttf"
BUILTIN = os.path.join(ROOT, "Sources", "Fonts", "Builtin", "FlipbookSans.ttf")
DEJAVU_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
NIMBUS_SANS = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"
CASCADES = [
    ("sans-dejavu", ["builtin", DEJAVU_SANS]),                     # one unitsPerEm (2048)
    ("nimbus-dejavu", [NIMBUS_SANS, DEJAVU_SANS]),                 # CFF 1000 then TrueType 2048
    ("sans-nimbus-serif", ["builtin", NIMBUS_SANS, DEJAVU_SERIF]),  # three fonts, 2048 / 1000 / 2048
    ("greek-nimbus-dejavu", [GREEK, NIMBUS_SANS, DEJAVU_SANS]),    # Latin (kerned) from the second font
]
STRINGS_PER_CASCADE = 260
PRIMARY_RANGES = [(0x20, 0x7F), (0xA0, 0x180), (0x391, 0x3CA), (0x410, 0x450)]
FALLBACK_RANGES = [(0x180, 0x2B0), (0x400, 0x410), (0x450, 0x530), (0x531, 0x588), (0x10A0, 0x1100),
                   (0x1E00, 0x2000), (0x2190, 0x2300), (0x2500, 0x2600), (0x2700, 0x27C0)]
FAVOURED = "AVWTYLPFKRovwyaek.,'\"-"
LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def path_of(where):
    if where.startswith("reference:"):
        return os.path.join(REFERENCE, where[len("reference:"):])
    return BUILTIN if where == "builtin" else where


def make_greek_font():
    subset_font(DEJAVU_SERIF, path_of(GREEK), list(range(0x384, 0x3CF)) + [ord(c) for c in " 0123456789.,;:-'!?()"],
                "DejaVu Serif", "Flipbook Test Greek Serif")


def drawable(scalar):
    category = unicodedata.category(chr(scalar))
    return category[0] in "LNS" or category in ("Pd", "Po", "Ps", "Pe")


def main():
    make_greek_font()
    rng = random.Random(2026)
    lines = []
    for name, fonts in CASCADES:
        cmaps, advances = [], []
        for where in fonts:
            font = TTFont(path_of(where))
            order = {glyph: index for index, glyph in enumerate(font.getGlyphOrder())}
            cmaps.append({scalar: order[glyph] for scalar, glyph in font.getBestCmap().items() if order[glyph] != 0})
            advances.append([font["hmtx"][glyph][0] for glyph in font.getGlyphOrder()])

        def resolve(scalar):
            return next((index for index, cmap in enumerate(cmaps) if scalar in cmap), 0)

        primary = [chr(s) for first, last in PRIMARY_RANGES for s in range(first, last)
                   if s in cmaps[0] and (chr(s).isalnum() or chr(s) in " .,;:-'\"!?()/&")]
        primary += [c for c in FAVOURED if ord(c) in cmaps[0]] * 4
        fallback = [chr(s) for first, last in PRIMARY_RANGES + FALLBACK_RANGES for s in range(first, last)
                    if s != 0x20 and drawable(s) and resolve(s) > 0]
        # Where Latin falls back (after the Greek-only font), it comes often, so that its kerning is exercised.
        latin = [c for c in LATIN + FAVOURED * 3 if resolve(ord(c)) > 0]
        strings = []
        while len(strings) < STRINGS_PER_CASCADE:
            text = ""
            while len(text) < rng.randint(2, 20):
                pick = rng.random()
                pool = primary if pick < 0.55 else latin if latin and pick < 0.8 else fallback
                text += "".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))
            text = text.strip()
            if text and any(resolve(ord(c)) > 0 for c in text):
                strings.append(text)
        # Runs: maximal stretches of characters of one font, shaped by that font alone.
        runs = []
        for text in strings:
            current = []
            for character in text:
                font = resolve(ord(character))
                if current and current[-1][0] == font:
                    current[-1][1].append(character)
                else:
                    current.append((font, [character]))
            runs.append([(font, "".join(characters)) for font, characters in current])
        shaped = {}
        for index, where in enumerate(fonts):
            texts = sorted({run for string_runs in runs for font, run in string_runs if font == index})
            if texts:
                shaped.update({(index, text): result for text, result in zip(texts, shape_glyphs(path_of(where), texts))})
        lines.append("cascade %s %s" % (name, " ".join(fonts)))
        fallback_kerned = 0
        for text, string_runs in zip(strings, runs):
            fields = [text.encode("utf-8").hex()]
            for font, run in string_runs:
                glyphs, positions = shaped[(font, run)]
                fields.append("%d:" % font)
                assert len(glyphs) == len(run), (run, glyphs)
                for character, glyph, position in zip(run, glyphs, positions):
                    assert glyph == cmaps[font][ord(character)], (run, glyphs)
                    fields.append("%d,%d" % (glyph, position))
                fields.append("=%d" % positions[-1])
                if font > 0:
                    fallback_kerned += sum(1 for glyph, start, end in zip(glyphs, positions, positions[1:])
                                           if end - start != advances[font][glyph])
            lines.append(" ".join(fields))
        print(name, len(strings), "strings,", fallback_kerned, "kerned pairs in later fonts' runs")
    with open(OUT, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(OUT)


if __name__ == "__main__":
    main()
