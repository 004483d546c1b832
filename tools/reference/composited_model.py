"""The reference model of the composited quality corpus: inputs, exact-area coverage, exact images and
8-bit compositing, as described in make_composited_references.py and docs/raster-quality.md.
"""
import json
import math
import os

import cairo
import numpy as np

import make_references as geometry

SUPERSAMPLING = 256
PASSES = 4
IMAGE_SUPERSAMPLING = 64
TILE_SAMPLES = 1 << 25
COVERAGE_CACHE = {}
HERE = os.path.dirname(os.path.abspath(__file__))
DIRECTORY = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "RasterTests", "Reference", "composited"))
CHANNEL_BITS = (5, 6, 5)


# ---- inputs -------------------------------------------------------------------------------------------

def straight_color(text):
    """'#rrggbb' or '#rrggbbaa' as four ints (r, g, b, a)."""
    digits = text.lstrip("#")
    values = [int(digits[i:i + 2], 16) for i in range(0, len(digits), 2)]
    return values + [255] if len(values) == 3 else values


def premultiplied(text):
    """Straight colour as premultiplied (r, g, b, a): channel x alpha / 255 rounded to nearest."""
    r, g, b, a = straight_color(text)
    return np.array([(c * a * 2 + 255) // 510 for c in (r, g, b)] + [a], dtype=np.float64)


def q16(value):
    """A value as the Q16.16 number the Swift side holds (rounded to nearest)."""
    return round(value * 65536) / 65536


def q32(value):
    return round(value * 2 ** 32) / 2 ** 32


def background(case):
    """The background as straight 8-bit colours, H x W x 3 (the 'gradient' formula, or one colour)."""
    width, height = case["size"]
    y, x = np.mgrid[0:height, 0:width]
    spec = case.get("background", "gradient")
    if spec != "gradient":
        return np.broadcast_to(np.array(straight_color(spec)[:3], dtype=np.float64), (height, width, 3)).copy()
    checker = ((x // 8 + y // 8) % 2) * 24
    return np.stack([40 + 2 * x, 60 + 2 * y - checker + 24, 160 - x - y + checker], axis=-1).astype(np.float64)


def texture(name):
    """Straight RGBA texels (H x W x 4) of a named test image; also written as a PAM for the Swift side."""
    kind, size = name.rsplit("-", 1)
    width, height = (int(v) for v in size.split("x"))
    y, x = np.mgrid[0:height, 0:width].astype(np.float64)
    u, v = (x + 0.5) / width, (y + 0.5) / height
    red = 255 * u
    green = 255 * (0.5 + 0.5 * np.sin(2 * math.pi * v))
    blue = 255 * (1 - 0.6 * u * v)
    disc = np.clip(1.0 - np.hypot(u - 0.55, v - 0.45) * 4, 0, 1)
    red, green, blue = (c * (1 - disc) + 250 * disc for c in (red, green, blue))
    alpha = np.full_like(u, 255.0)
    if kind == "margin":
        inside = (x >= 1) & (x < width - 1) & (y >= 1) & (y < height - 1)
        alpha = np.where(inside, 255.0, 0.0)
    elif kind == "translucent":
        alpha = 120 + 135 * u
    texels = np.stack([red, green, blue, alpha], axis=-1)
    return np.floor(texels + 0.5).clip(0, 255)


def premultiplied_texels(straight):
    rgb = (straight[..., :3] * straight[..., 3:4] * 2 + 255) // 510
    return np.concatenate([rgb, straight[..., 3:4]], axis=-1)


# ---- coverage -----------------------------------------------------------------------------------------

def rounded_rect_path(ctx, rect, radius):
    """A rounded rectangle (radius limited to half the shorter side, as Core Animation draws it)."""
    x, y, w, h = rect
    r = min(radius, w / 2, h / 2)
    if r <= 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def border_path(ctx, draw):
    """The border ring: the rounded rect minus its inset by the width (inner radius max(0, r - w)); even-odd."""
    x, y, w, h = draw["rect"]
    width, radius = draw["width"], draw.get("radius", 0)
    rounded_rect_path(ctx, draw["rect"], radius)
    if 2 * width < min(w, h):
        rounded_rect_path(ctx, (x + width, y + width, w - 2 * width, h - 2 * width), max(0.0, radius - width))


def shape_case(draw):
    """A draw in the vocabulary of make_references.draw (defaults filled in)."""
    case = {"kind": draw["op"], "path": draw["path"], "fillRule": draw.get("fillRule", "nonZero"),
            "lineWidth": draw.get("lineWidth", 1), "lineCap": draw.get("lineCap", "butt"),
            "lineJoin": draw.get("lineJoin", "miter"), "miterLimit": draw.get("miterLimit", 10),
            "strokeStart": draw.get("strokeStart", 0), "strokeEnd": draw.get("strokeEnd", 1)}
    if "transform" in draw:
        case["transform"] = [q16(v) for v in draw["transform"]]
    return case


def trace(ctx, draw):
    """Draws one shape (fill, stroke, roundedRect, border) in user space, in opaque black."""
    if draw["op"] in ("fill", "stroke"):
        geometry.draw(ctx, shape_case(draw))
        return
    ctx.set_source_rgba(0, 0, 0, 1)
    ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    if draw["op"] == "roundedRect":
        rounded_rect_path(ctx, draw["rect"], draw.get("radius", 0))
    else:
        border_path(ctx, draw)
    ctx.fill()


def coverage(draw, size, samples=None, passes=None):
    """Exact-area estimate of the shape in each pixel, H x W reals in [0, 1]: S x S cells per pixel
    (S = `samples`, default SUPERSAMPLING), each point-sampled once per pass at a different offset inside the
    cell (`passes` offsets, default PASSES, arranged as rooks: no two share a row or a column, so an edge
    along the sample grid is resolved to 1 / (S x passes) of a pixel, not 1 / S). Rendered by tiles of
    pixels small enough for cairo's 32767-pixel surface side and about 32 MB of samples each. Each shape is
    computed once and reused (both formats draw the same shapes)."""
    width, height = size
    s, passes = samples or SUPERSAMPLING, passes or PASSES
    key = (json.dumps(draw, sort_keys=True), width, height, s, passes)
    if key not in COVERAGE_CACHE:
        COVERAGE_CACHE[key] = sampled_coverage(draw, width, height, s, passes)
    return COVERAGE_CACHE[key]


def sampled_coverage(draw, width, height, s, passes):
    """The body of `coverage`: every pass over every tile, cairo ANTIALIAS_NONE at S x scale."""
    tile_width = min(width, 32767 // s)
    tile_height = max(1, min(height, TILE_SAMPLES // (tile_width * s * s)))
    inside = np.zeros((height, width), dtype=np.int64)
    for shift_x, shift_y in rook_offsets(passes):
        for y0 in range(0, height, tile_height):
            for x0 in range(0, width, tile_width):
                rows, columns = min(tile_height, height - y0), min(tile_width, width - x0)
                surface = cairo.ImageSurface(cairo.FORMAT_A8, columns * s, rows * s)
                ctx = cairo.Context(surface)
                ctx.set_antialias(cairo.ANTIALIAS_NONE)
                ctx.set_tolerance(0.01)
                ctx.translate(shift_x - x0 * s, shift_y - y0 * s)
                ctx.scale(s, s)
                trace(ctx, draw)
                surface.flush()
                data = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(rows * s, surface.get_stride())
                blocks = data[:, :columns * s].reshape(rows, s, columns, s)
                counts = blocks.sum(axis=3, dtype=np.uint32).sum(axis=1, dtype=np.int64) // 255
                inside[y0:y0 + rows, x0:x0 + columns] += counts
    return inside / (s * s * passes)


def rook_offsets(passes):
    """Shifts of the shape (in samples, within +-1/2) that move the sample points to `passes` positions per
    sample cell, one in each of `passes` rows and columns of the cell (column k, row 3k + 1 mod passes for
    `passes` not a multiple of 3, so the rows are a permutation)."""
    return [((k + 0.5) / passes - 0.5, ((3 * k + 1) % passes + 0.5) / passes - 0.5) for k in range(passes)]


def image_matrix(draw):
    """The forward row-vector map (3 x 3) as the Swift side holds it."""
    if "matrix" in draw:
        return np.array([q32(v) for v in draw["matrix"]], dtype=np.float64).reshape(3, 3)
    a, b, c, d, tx, ty = (q16(v) for v in draw["affine"])
    return np.array([[a, b, 0], [c, d, 0], [tx, ty, 1]], dtype=np.float64)


def mapped_back(inverse, x, y):
    """Image coordinates (u, v) of the canvas points (x, y) under the exact inverse row-vector map."""
    u_h = x * inverse[0, 0] + y * inverse[1, 0] + inverse[2, 0]
    v_h = x * inverse[0, 1] + y * inverse[1, 1] + inverse[2, 1]
    w_h = x * inverse[0, 2] + y * inverse[1, 2] + inverse[2, 2]
    return u_h / w_h, v_h / w_h


def bilinear(texels, u, v):
    """The bilinear reconstruction of premultiplied `texels` at image points (u, v): texel centres at
    half-integers, texel addressing clamped to the edge texels. Returns (..., 4)."""
    rows, columns = texels.shape[:2]
    s_coord = np.clip(u - 0.5, 0, columns - 1)
    t_coord = np.clip(v - 0.5, 0, rows - 1)
    x0 = np.minimum(np.floor(s_coord).astype(int), max(columns - 2, 0))
    y0 = np.minimum(np.floor(t_coord).astype(int), max(rows - 2, 0))
    fx, fy = (s_coord - x0)[..., None], (t_coord - y0)[..., None]
    x1, y1 = np.minimum(x0 + 1, columns - 1), np.minimum(y0 + 1, rows - 1)
    top = texels[y0, x0] * (1 - fx) + texels[y0, x1] * fx
    bottom = texels[y1, x0] * (1 - fx) + texels[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def image_area(inverse, columns, rows, size):
    """The area of each pixel inside the mapped image rectangle (0..1, H x W): 64 x 64 point samples per
    pixel at the sample centres, each pushed back through the exact inverse map."""
    width, height = size
    s = IMAGE_SUPERSAMPLING
    offsets = (np.arange(s) + 0.5) / s
    area = np.zeros((height, width))
    for py in range(height):
        sy, sx = np.meshgrid(py + offsets, np.arange(width * s) / s + 0.5 / s, indexing="ij")
        u, v = mapped_back(inverse, sx, sy)
        inside = (u >= 0) & (u < columns) & (v >= 0) & (v < rows)
        area[py] = inside.reshape(s, width, s).sum(axis=(0, 2)) / (s * s)
    return area


def image_filtered(draw, size):
    """Bilinear filtering of the image, premultiplied, H x W x 4: the reconstruction point-sampled at each
    pixel centre mapped back through the exact inverse map, times the pixel's area inside the mapped
    rectangle. (Averaging the reconstruction over the pixel would be a different, box-prefiltered filter.)"""
    width, height = size
    texels = premultiplied_texels(texture(draw["image"]))
    rows, columns = texels.shape[:2]
    inverse = np.linalg.inv(image_matrix(draw))
    area = image_area(inverse, columns, rows, size)
    y, x = np.mgrid[0:height, 0:width].astype(np.float64) + 0.5
    with np.errstate(divide="ignore", invalid="ignore"):
        u, v = mapped_back(inverse, x, y)
    covered = area > 0
    in_front = x * inverse[0, 2] + y * inverse[1, 2] + inverse[2, 2] > 0
    if not np.all(in_front[covered]):
        raise ValueError("a covered pixel's centre maps from behind the viewer (w <= 0): no bilinear sample")
    colour = np.zeros((height, width, 4))
    colour[covered] = bilinear(texels, u[covered], v[covered])
    return colour * area[..., None]


# ---- compositing --------------------------------------------------------------------------------------

def rounded(values):
    return np.floor(values + 0.5)


def narrow(values, bits):
    top = (1 << bits) - 1
    return (values * top + 127) // 255


def widen(values, bits):
    top = (1 << bits) - 1
    return (values * 255 + top // 2) // top


def stored(canvas_values, fmt):
    """An opaque canvas's 8-bit result as the format stores it, read back as 8-bit values."""
    values = rounded(canvas_values)
    if fmt == "rgb565":
        values = np.stack([widen(narrow(values[..., i], b), b) for i, b in enumerate(CHANNEL_BITS)], axis=-1)
    return values


class Target:
    """An 8-bit buffer being drawn into: the opaque canvas (3 channels) or a premultiplied group (4)."""

    def __init__(self, values, fmt):
        self.values, self.fmt = values, fmt

    def over(self, source, factor):
        """Source-over of premultiplied `source` (4 channels, broadcastable) faded by `factor` (H x W)."""
        faded = source * factor[..., None]
        under = self.values * (1 - faded[..., 3:4] / 255)
        if self.fmt is None:
            self.values = rounded(faded + under)
        else:
            self.values = stored(faded[..., :3] + under, self.fmt)


def paint(target, draw, size, clip):
    """One draw into `target`, multiplied by the A8 `clip` (H x W, 0..255) when given."""
    op = draw["op"]
    opacity = draw.get("opacity", 255) / 255
    clip_factor = np.ones(size[::-1]) if clip is None else clip / 255
    if op == "image":
        if clip is not None:
            raise ValueError("an image inside a clip is not supported")
        target.over(image_filtered(draw, size), clip_factor * opacity)
    elif op == "group":
        group = Target(np.zeros(size[::-1] + (4,)), None)
        for inner in draw["draws"]:
            paint(group, inner, size, None)
        factor = clip_factor * opacity
        if "mask" in draw:
            if clip is not None:
                raise ValueError("a masked group inside a clip is not supported")
            factor = factor * mask_values(draw["mask"], size) / 255
        target.over(group.values, factor)
    elif op == "clip":
        if clip is not None:
            raise ValueError("a clip inside a clip is not supported")
        inner_clip = mask_values([{"op": "roundedRect", "rect": draw["rect"], "radius": draw.get("radius", 0)}], size)
        for inner in draw["draws"]:
            paint(target, inner, size, inner_clip)
    else:
        target.over(premultiplied(draw["color"]), coverage(draw, size) * opacity * clip_factor)


def mask_values(draws, size):
    """An A8 mask (0..255 per pixel) from shapes drawn in white, each faded by its opacity."""
    mask = np.zeros(size[::-1])
    for draw in draws:
        factor = coverage(draw, size) * draw.get("opacity", 255) / 255
        mask = rounded(255 * factor + mask * (1 - factor))
    return mask


def reference(case, fmt):
    """The case's exact-answer estimate in `fmt`, as 8-bit values, H x W x 3."""
    size = tuple(case["size"])
    canvas = Target(stored(background(case), fmt), fmt)
    for draw in case["draws"]:
        paint(canvas, draw, size, None)
    return canvas.values
