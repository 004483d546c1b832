#!/usr/bin/python3
"""Reference coverage images for the geometry quality corpus.

For every case of Tests/RasterTests/Reference/cases.json this renders the exact answer's estimate — the
shape drawn by cairo with ANTIALIAS_NONE at S x scale (S x S point samples per pixel, at the sample
centres; S = 4096 / image width, at least 16: 64 for 64-pixel images, 128 for 32-pixel ones) and
box-filtered to 1x — and writes it as an 8-bit PGM (coverage 0..255, rounded to nearest)
next to the case list. It also renders each case with cairo's own default anti-aliasing at 1x and writes
cairo's error against the same references to cairo-scores.txt, so our rasterizer's score can be put side
by side with cairo's.

strokeStart / strokeEnd (which cairo lacks) are applied here the way Core Animation does: fractions of
the whole flattened path's length, subpaths in order; a subpath cut inside becomes open (caps at the
cut); a subpath kept whole keeps its closure.

Run with Debian's python3 (python3-cairo): /usr/bin/python3 tools/reference/make_references.py
"""
import json
import math
import os
import sys

import cairo

def supersampling(case):
    """Samples per pixel side: the image is sampled on a 4096-wide grid, at least 16 per pixel."""
    return max(16, 4096 // case["size"][0])


HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "RasterTests", "Reference"))

CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


def tokens(data):
    """Splits SVG path data into command letters and floats (SVG 1.1 number grammar)."""
    i, n = 0, len(data)
    while i < n:
        ch = data[i]
        if ch in " \t\r\n,":
            i += 1
        elif ch.isalpha() and ch not in "eE":
            yield ch
            i += 1
        else:
            j = i
            if data[j] in "+-":
                j += 1
            seen_dot = False
            while j < n and (data[j].isdigit() or (data[j] == "." and not seen_dot)):
                seen_dot = seen_dot or data[j] == "."
                j += 1
            if j < n and data[j] in "eE":
                j += 1
                if data[j] in "+-":
                    j += 1
                while j < n and data[j].isdigit():
                    j += 1
            yield float(data[i:j])
            i = j


ARGUMENTS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def commands(data):
    """(command, arguments) pairs with implicit repeats expanded (after M/m they are L/l)."""
    stream = list(tokens(data))
    i, command = 0, None
    while i < len(stream):
        if isinstance(stream[i], str):
            command = stream[i]
            i += 1
        count = ARGUMENTS[command.lower()]
        yield command, stream[i:i + count]
        i += count
        if command == "M":
            command = "L"
        elif command == "m":
            command = "l"
        if count == 0 and i < len(stream) and not isinstance(stream[i], str):
            raise ValueError("number after Z")


def quad_to(ctx, x0, y0, qx, qy, x, y):
    ctx.curve_to(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)


def arc_to(ctx, x1, y1, rx, ry, angle, large, sweep, x2, y2):
    """SVG endpoint arc (SVG 1.1 F.6.5) as a cairo arc in a transformed space."""
    if (x1, y1) == (x2, y2):
        return
    if rx == 0 or ry == 0:
        ctx.line_to(x2, y2)
        return
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = x1p * x1p / (rx * rx) + y1p * y1p / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    end = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    delta = end - start
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    if sweep and delta < 0:
        delta += 2 * math.pi
    ctx.save()
    ctx.translate(cx, cy)
    ctx.rotate(phi)
    ctx.scale(rx, ry)
    (ctx.arc if delta > 0 else ctx.arc_negative)(0, 0, 1, start, start + delta)
    ctx.restore()
    ctx.line_to(x2, y2)


def add_svg_path(ctx, data):
    """Adds SVG path data to the cairo context's path."""
    x = y = sx = sy = 0.0
    last_control, last_kind = None, None
    for command, args in commands(data):
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        kind = command.lower()
        control, family = None, None
        if kind == "m":
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            ctx.move_to(x, y)
        elif kind == "l":
            x, y = ox + args[0], oy + args[1]
            ctx.line_to(x, y)
        elif kind == "h":
            x = ox + args[0]
            ctx.line_to(x, y)
        elif kind == "v":
            y = oy + args[0]
            ctx.line_to(x, y)
        elif kind in "cs":
            if kind == "c":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_kind == "cubic" else (x, y)
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            end = (ox + rest[2], oy + rest[3])
            ctx.curve_to(c1[0], c1[1], c2[0], c2[1], end[0], end[1])
            control, family = c2, "cubic"
            x, y = end
        elif kind in "qt":
            if kind == "q":
                q = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                q = (2 * x - last_control[0], 2 * y - last_control[1]) if last_kind == "quadratic" else (x, y)
                rest = args
            end = (ox + rest[0], oy + rest[1])
            quad_to(ctx, x, y, q[0], q[1], end[0], end[1])
            control, family = q, "quadratic"
            x, y = end
        elif kind == "a":
            end = (ox + args[5], oy + args[6])
            arc_to(ctx, x, y, args[0], args[1], args[2], args[3] != 0, args[4] != 0, end[0], end[1])
            x, y = end
        else:
            ctx.close_path()
            x, y = sx, sy
        last_control, last_kind = control, family


def subpaths(flat):
    """Flattened cairo path data as [(points, closed, has_segments)]."""
    result = []
    for kind, points in flat:
        if kind == cairo.PATH_MOVE_TO:
            result.append([[points], False, False])
        elif kind == cairo.PATH_LINE_TO:
            result[-1][0].append(points)
            result[-1][2] = True
        elif kind == cairo.PATH_CLOSE_PATH:
            result[-1][1] = True
    return [sub for sub in result if sub[2] or sub[1] or len(result) == 1]


END_SPAN = 0.05
"""Path units kept between a trimmed subpath's cut end and its nearest vertex (see `trimmed_path`)."""


def trimmed_path(ctx, case):
    """Replaces the context's path by its part between strokeStart and strokeEnd."""
    ctx.set_tolerance(0.0005)
    parts = subpaths(ctx.copy_path_flat())
    ctx.new_path()

    def length(points, closed):
        ring = points + [points[0]] if closed else points
        return sum(math.dist(a, b) for a, b in zip(ring, ring[1:]))

    total = sum(length(p, c) for p, c, _ in parts)
    low, high = case["strokeStart"] * total, case["strokeEnd"] * total
    travelled = 0.0
    for points, closed, has_segments in parts:
        size = length(points, closed)
        start, end = max(low - travelled, 0), min(high - travelled, size)
        travelled += size
        if start > end or (start == end and size > 0):
            continue
        if start == 0 and end == size:
            ctx.move_to(*points[0])
            for point in points[1:]:
                ctx.line_to(*point)
            if closed:
                ctx.close_path()
            elif not has_segments or size == 0:
                ctx.line_to(*points[0])
            continue
        ring = points + [points[0]] if closed else points
        walked, kept = 0.0, []
        for a, b in zip(ring, ring[1:]):
            piece = math.dist(a, b)
            if piece > 0 and walked + piece >= start and walked <= end:
                lerp = lambda d: (a[0] + (b[0] - a[0]) * d / piece, a[1] + (b[1] - a[1]) * d / piece)
                if not kept:
                    kept.append(lerp(max(start - walked, 0)))
                if walked + piece < end:
                    kept.append(b)
                else:
                    kept.append(lerp(end - walked))
                    break
            walked += piece
        # cairo takes a cap's direction from the first or last segment in 24.8 fixed point: a cut end
        # a hair from a vertex of the fine polyline would turn the cap by a random angle. Vertices
        # closer than END_SPAN to a cut end are dropped (the chord then left is within 1e-5 px of
        # the curve), so the end segments are long enough to give the direction.
        if not kept:
            continue
        first, last = kept[0], kept[-1]
        inner = [p for p in kept[1:-1] if math.dist(p, first) >= END_SPAN and math.dist(p, last) >= END_SPAN]
        ctx.move_to(*first)
        for point in inner + [last]:
            ctx.line_to(*point)


def draw(ctx, case):
    """Draws one case in user space (the caller set up the device scale)."""
    a, b, c, d, tx, ty = case.get("transform", [1, 0, 0, 1, 0, 0])
    ctx.transform(cairo.Matrix(a, b, c, d, tx, ty))
    add_svg_path(ctx, case["path"])
    ctx.set_source_rgba(0, 0, 0, 1)
    if case["kind"] == "fill":
        ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if case["fillRule"] == "evenOdd" else cairo.FILL_RULE_WINDING)
        ctx.fill()
        return
    if case["strokeStart"] > 0 or case["strokeEnd"] < 1:
        trimmed_path(ctx, case)
    ctx.set_line_width(case["lineWidth"])
    ctx.set_line_cap(CAPS[case["lineCap"]])
    ctx.set_line_join(JOINS[case["lineJoin"]])
    ctx.set_miter_limit(case["miterLimit"])
    ctx.stroke()


def render(case, scale, antialias):
    """The case's coverage as a list of rows of 0..255 values at 1x."""
    width, height = case["size"]
    surface = cairo.ImageSurface(cairo.FORMAT_A8, width * scale, height * scale)
    ctx = cairo.Context(surface)
    ctx.set_antialias(antialias)
    ctx.set_tolerance(0.01)
    ctx.scale(scale, scale)
    draw(ctx, case)
    surface.flush()
    data, stride = bytes(surface.get_data()), surface.get_stride()
    if scale == 1:
        return [list(data[y * stride:y * stride + width]) for y in range(height)]
    samples = scale * scale
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            inside = 0
            for sub in range(scale):
                offset = (y * scale + sub) * stride + x * scale
                inside += data[offset:offset + scale].count(255)
            row.append((inside * 255 * 2 + samples) // (2 * samples))
        rows.append(row)
    return rows


def write_pgm(path, rows):
    with open(path, "wb") as out:
        out.write(b"P5\n%d %d\n255\n" % (len(rows[0]), len(rows)))
        for row in rows:
            out.write(bytes(row))


def score(candidate, reference):
    """(mean |Δ|, 99.9th percentile |Δ|, max |Δ|) over pixels either image covers, in 1/255 units."""
    deltas = sorted(abs(p - q) for rp, rq in zip(candidate, reference) for p, q in zip(rp, rq) if p or q)
    if not deltas:
        return 0.0, 0, 0
    index = min(len(deltas) - 1, math.ceil(0.999 * len(deltas)) - 1)
    return sum(deltas) / len(deltas), deltas[index], deltas[-1]


def main():
    cases = json.load(open(os.path.join(REFERENCE, "cases.json")))["cases"]
    only = set(sys.argv[1:])
    lines = ["# cairo 1x default anti-aliasing vs the supersampled reference (cairo ANTIALIAS_NONE, 64x64",
             "# samples per pixel for 64-pixel images), per case:",
             "# name  mean|d|/255  p99.9|d|/255  max|d|/255  (pixels either image covers)"]
    for case in cases:
        if only and case["name"] not in only:
            continue
        reference = render(case, supersampling(case), cairo.ANTIALIAS_NONE)
        write_pgm(os.path.join(REFERENCE, case["name"] + ".pgm"), reference)
        mean, p999, worst = score(render(case, 1, cairo.ANTIALIAS_DEFAULT), reference)
        lines.append("%-34s %.3f %d %d" % (case["name"], mean, p999, worst))
        print(lines[-1], flush=True)
    if not only:
        with open(os.path.join(REFERENCE, "cairo-scores.txt"), "w") as out:
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
