#!/usr/bin/python3
"""Reference images for the composited quality corpus (colour, XRGB8888 and RGB565).

The model (coverage, images, compositing) is composited_model.py; this script writes the files and
scores cairo.

Every case of Tests/RasterTests/Reference/composited/cases.json is a 64x64 canvas holding a background
and a list of draws (fills, strokes, rounded rectangles, borders, images, opacity groups, masks, rounded-rect
clips). This script computes, per case and pixel format, the exact answer's estimate and writes it as a
binary PPM (P6, 8-bit sRGB values; RGB565 results expanded to 8 bits the way the format defines):

* Coverage of a shape: cairo ANTIALIAS_NONE at 256x scale, rendered by tiles, four times with the samples
  moved to four rook positions inside each sample cell (256 x 256 x 4 point samples per pixel; an edge along
  the sample grid is resolved to 1/1024 px), box-filtered to 1x; real-valued, not rounded.
* Images: bilinear filtering without rounding. Colour: the image's bilinear reconstruction (texel centres
  at half-integers, texel addressing clamped to the edge texels) point-sampled at the pixel centre pushed
  back through the exact inverse map, which is what bilinear filtering is (GL_LINEAR, pixman's and cairo's
  BILINEAR filters); averaging it over the pixel would be a different, box-prefiltered filter. Coverage:
  the pixel's area inside the mapped image rectangle, by 64 x 64 point samples per pixel pushed back the
  same way.
* Compositing: source-over on premultiplied 8-bit sRGB values (SCENE-FORMAT's rendering rules: no linear
  light). Inputs are what the API takes: 8-bit premultiplied colours (straight colour x alpha / 255 rounded
  to nearest), 8-bit opacities, premultiplied 8-bit texels. Within one draw the arithmetic is exact
  (real-valued); the result is rounded to nearest once, when it is stored in an 8-bit buffer (the canvas,
  a group buffer, an A8 mask). An RGB565 canvas stores each draw's 8-bit result narrowed to 5-6-5
  (v x max / 255 rounded); the next draw reads it widened (q x 255 / max rounded).

It also renders every case with cairo at 1x (default anti-aliasing, FILTER_BILINEAR for images, drawing
straight into an RGB24 or RGB16_565 surface) and writes cairo's scores against the same references to
composited/cairo-scores.txt. cairo has no projective transforms: perspective cases get no cairo score.

Run with Debian's python3 (python3-cairo, python3-numpy):
    /usr/bin/python3 tools/reference/make_composited_references.py [CASE ...]
"""
import json
import math
import os
import sys

import cairo
import numpy as np

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import make_references as geometry  # noqa: E402 (after the line above)
from composited_model import (CHANNEL_BITS, DIRECTORY, background, border_path, narrow, premultiplied_texels, q16,
                              reference, rounded_rect_path, shape_case, stored, straight_color, texture, widen)

FORMATS = ("xrgb8888", "rgb565")


# ---- files --------------------------------------------------------------------------------------------

def write_pam(path, texels):
    height, width = texels.shape[:2]
    with open(path, "wb") as out:
        out.write(b"P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n" % (width, height))
        out.write(texels.astype(np.uint8).tobytes())


def write_ppm(path, rgb):
    height, width = rgb.shape[:2]
    with open(path, "wb") as out:
        out.write(b"P6\n%d %d\n255\n" % (width, height))
        out.write(rgb.astype(np.uint8).tobytes())


# ---- cairo's own rendering ----------------------------------------------------------------------------

def cairo_source(ctx, draw):
    r, g, b, a = straight_color(draw["color"])
    ctx.set_source_rgba(r / 255, g / 255, b / 255, a / 255 * draw.get("opacity", 255) / 255)


def cairo_shape(ctx, draw):
    """Fills or strokes a shape with cairo's default anti-aliasing (trims applied as the reference applies
    them); strokes are drawn under the shape's transform, so widths scale with it."""
    ctx.save()
    cairo_source(ctx, draw)
    if draw["op"] in ("fill", "stroke"):
        case = shape_case(draw)
        a, b, c, d, tx, ty = case.get("transform", [1, 0, 0, 1, 0, 0])
        ctx.transform(cairo.Matrix(a, b, c, d, tx, ty))
        geometry.add_svg_path(ctx, case["path"])
        if case["kind"] == "fill":
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if case["fillRule"] == "evenOdd" else cairo.FILL_RULE_WINDING)
        else:
            if case["strokeStart"] > 0 or case["strokeEnd"] < 1:
                geometry.trimmed_path(ctx, case)
                ctx.set_tolerance(0.1)
            ctx.set_line_width(case["lineWidth"])
            ctx.set_line_cap(geometry.CAPS[case["lineCap"]])
            ctx.set_line_join(geometry.JOINS[case["lineJoin"]])
            ctx.set_miter_limit(case["miterLimit"])
    elif draw["op"] == "roundedRect":
        rounded_rect_path(ctx, draw["rect"], draw.get("radius", 0))
    else:
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
        border_path(ctx, draw)
    (ctx.stroke if draw["op"] == "stroke" else ctx.fill)()
    ctx.restore()


def cairo_paint(ctx, draw):
    """Renders one draw with cairo; False when cairo cannot (perspective images)."""
    op = draw["op"]
    if op == "image":
        if "matrix" in draw:
            return False
        texels = premultiplied_texels(texture(draw["image"])).astype(np.uint32)
        rows, columns = texels.shape[:2]
        image = cairo.ImageSurface(cairo.FORMAT_ARGB32, columns, rows)
        words = np.frombuffer(image.get_data(), dtype=np.uint32).reshape(rows, image.get_stride() // 4)
        words[:, :columns] = texels[..., 3] << 24 | texels[..., 0] << 16 | texels[..., 1] << 8 | texels[..., 2]
        image.mark_dirty()
        pattern = cairo.SurfacePattern(image)
        pattern.set_filter(cairo.FILTER_BILINEAR)
        a, b, c, d, tx, ty = (q16(v) for v in draw["affine"])
        matrix = cairo.Matrix(a, b, c, d, tx, ty)
        matrix.invert()
        pattern.set_matrix(matrix)
        ctx.set_source(pattern)
        ctx.paint_with_alpha(draw.get("opacity", 255) / 255)
        return True
    if op == "group":
        ctx.push_group()
        drawn = all([cairo_paint(ctx, inner) for inner in draw["draws"]])
        content = ctx.pop_group()
        if "mask" in draw:
            ctx.push_group()
            ctx.set_source(content)
            ctx.push_group_with_content(cairo.CONTENT_ALPHA)
            for shape in draw["mask"]:
                cairo_paint(ctx, dict(shape, color="#ffffff"))
            ctx.mask(ctx.pop_group())
            content = ctx.pop_group()
        ctx.set_source(content)
        ctx.paint_with_alpha(draw.get("opacity", 255) / 255)
        return drawn
    if op == "clip":
        ctx.save()
        rounded_rect_path(ctx, draw["rect"], draw.get("radius", 0))
        ctx.clip()
        drawn = all([cairo_paint(ctx, inner) for inner in draw["draws"]])
        ctx.restore()
        return drawn
    cairo_shape(ctx, draw)
    return True


def cairo_render(case, fmt):
    """cairo's 1x rendering of the case in `fmt` (8-bit values, RGB565 widened as the format defines)."""
    width, height = case["size"]
    base = stored(background(case), fmt).astype(np.uint32)
    if fmt == "xrgb8888":
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
        words = np.frombuffer(surface.get_data(), dtype=np.uint32).reshape(height, surface.get_stride() // 4)
        words[:, :width] = 0xFF000000 | base[..., 0] << 16 | base[..., 1] << 8 | base[..., 2]
    else:
        surface = cairo.ImageSurface(cairo.FORMAT_RGB16_565, width, height)
        words = np.frombuffer(surface.get_data(), dtype=np.uint16).reshape(height, surface.get_stride() // 2)
        fields = [narrow(base[..., i], b) for i, b in enumerate(CHANNEL_BITS)]
        words[:, :width] = fields[0] << 11 | fields[1] << 5 | fields[2]
    surface.mark_dirty()
    ctx = cairo.Context(surface)
    drawn = all([cairo_paint(ctx, draw) for draw in case["draws"]])
    surface.flush()
    if not drawn:
        return None
    pixels = words[:, :width].astype(np.int64)
    if fmt == "xrgb8888":
        return np.stack([(pixels >> 16) & 255, (pixels >> 8) & 255, pixels & 255], axis=-1)
    return np.stack([widen((pixels >> 11) & 31, 5), widen((pixels >> 5) & 63, 6), widen(pixels & 31, 5)], axis=-1)


def score(candidate, expected, bare):
    """Per channel (mean |d|, p99.9 |d|, max |d|) over pixels either image changes from the bare background."""
    covered = np.any(candidate != bare, axis=-1) | np.any(expected != bare, axis=-1)
    deltas = np.abs(candidate.astype(np.int64) - expected.astype(np.int64))[covered]
    if deltas.size == 0:
        return [(0.0, 0, 0)] * 3
    result = []
    for channel in range(3):
        ordered = np.sort(deltas[:, channel])
        index = min(len(ordered) - 1, math.ceil(0.999 * len(ordered)) - 1)
        result.append((ordered.mean(), int(ordered[index]), int(ordered[-1])))
    return result


def score_line(name, fmt, scores):
    means = " ".join("%.3f" % s[0] for s in scores)
    p999 = " ".join("%d" % s[1] for s in scores)
    return "%-30s %-8s %s  %s  %d" % (name, fmt, means, p999, max(s[2] for s in scores))


HEADER = ["# {who} vs the supersampled reference (256 x 256 x 4 samples per pixel), per case and pixel format,",
          "# over the pixels either image changes from the bare background:",
          "# name  format  mean|d|/255 (r g b)  p99.9|d|/255 (r g b)  max|d|/255"]


def main():
    cases = json.load(open(os.path.join(DIRECTORY, "cases.json")))["cases"]
    only = set(sys.argv[1:])
    lines = [line.format(who="cairo 1x (default AA, FILTER_BILINEAR)") for line in HEADER]
    for case in cases:
        for draw in case["draws"]:
            for image in [d for d in [draw] + draw.get("draws", []) if d["op"] == "image"]:
                write_pam(os.path.join(DIRECTORY, image["image"] + ".pam"), texture(image["image"]))
        if only and case["name"] not in only:
            continue
        for fmt in FORMATS:
            expected = reference(case, fmt)
            write_ppm(os.path.join(DIRECTORY, "%s-%s.ppm" % (case["name"], fmt)), expected)
            theirs = cairo_render(case, fmt)
            if theirs is None:
                lines.append("%-30s %-8s (cairo has no perspective transforms)" % (case["name"], fmt))
            else:
                lines.append(score_line(case["name"], fmt, score(theirs, expected, stored(background(case), fmt))))
            print(lines[-1], flush=True)
    if not only:
        with open(os.path.join(DIRECTORY, "cairo-scores.txt"), "w") as out:
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
