import FixedPoint
import Foundation
@testable import Raster

/// Renders a composited corpus case through Raster's public API, the way the compositor draws a layer
/// tree: shapes through the geometry `Rasterizer` into a `SolidColorSink`, rounded rectangles and borders
/// on the analytic fast path, images with `drawImage`, opacity groups in `OffscreenPool` buffers composited
/// back with `composite(_:opacity:mask:)`, masks and rounded-rect clips as A8 buffers.
struct CompositedRenderer: ~Copyable {
    var rasterizer: Rasterizer
    var shapes: RoundedRectPainter
    var groups: OffscreenPool
    var masks: OffscreenPool

    /// A renderer for canvases up to `width × height` (all scratch allocated here).
    init(width: Int, height: Int) throws {
        // Every throwing call first: a ~Copyable member may not be left half-initialised.
        let rasterizer = try Rasterizer()
        let shapes = try RoundedRectPainter(maximumWidth: width)
        let groups = try OffscreenPool(capacity: 2, maximumWidth: width, maximumHeight: height)
        let masks = try OffscreenPool(capacity: 2, maximumWidth: width, maximumHeight: height, layout: .a8)
        self.rasterizer = rasterizer
        self.shapes = shapes
        self.groups = groups
        self.masks = masks
    }

    /// The case drawn into a fresh canvas of `layout`; `drawing: false` gives the bare background.
    mutating func render(_ c: CompositedCase, layout: PixelLayout, drawing: Bool = true) throws -> SurfaceStorage {
        let canvas = try SurfaceStorage(width: c.width, height: c.height, layout: layout)
        try Self.paintBackground(c, into: canvas.surface)
        if drawing {
            for draw in c.draws { try paint(draw, into: canvas.surface, clip: nil) }
        }
        return canvas
    }

    /// The background: `"gradient"` (the formula shared with the reference script) or one colour.
    static func paintBackground(_ c: CompositedCase, into surface: Surface) throws {
        let plain = c.background == "gradient" ? nil : try CompositedDraw.straightColor(c.background)
        for y in 0..<c.height {
            for x in 0..<c.width {
                let checker = ((x / 8 + y / 8) % 2) * 24
                let colour = plain ?? Color(red: UInt8(40 + 2 * x), green: UInt8(60 + 2 * y - checker + 24),
                                            blue: UInt8(160 - x - y + checker))
                surface.replace(IntRect(x: x, y: y, width: 1, height: 1), with: colour.premultiplied())
            }
        }
    }

    /// One draw into `surface`, multiplied by the A8 `clip` when given.
    mutating func paint(_ draw: CompositedDraw, into surface: Surface, clip: Surface?) throws {
        switch draw.op {
        case "fill", "stroke": try paintShape(draw, into: surface, clip: clip)
        case "roundedRect":
            try shapes.fill(try draw.roundedRect(), color: try draw.premultipliedColor(), opacity: try draw.opacityByte(),
                            into: surface, mask: clip)
        case "border":
            try shapes.strokeBorder(try draw.roundedRect(), width: try Fixed(exactly: draw.width ?? 0),
                                    color: try draw.premultipliedColor(), opacity: try draw.opacityByte(),
                                    into: surface, mask: clip)
        case "image":
            guard clip == nil else { throw CompositedCorpusError.unsupported("an image inside a clip") }
            let image = try TextureFile.load(draw.image ?? "")
            try surface.drawImage(image.surface, transform: try draw.imageTransform(), opacity: try draw.opacityByte())
        case "group": try paintGroup(draw, into: surface, clip: clip)
        case "clip": try paintClipped(draw, into: surface, clip: clip)
        default: throw CompositedCorpusError.badValue("op", draw.op)
        }
    }

    mutating func paintShape(_ draw: CompositedDraw, into surface: Surface, clip: Surface?) throws {
        let shape = draw.shape
        let path = try SVGPathParser.parse(shape.path)
        var sink = try SolidColorSink(surface: surface, color: try draw.premultipliedColor(),
                                      opacity: try draw.opacityByte(), mask: clip)
        let transform = try QualityCorpus.affine(shape.transform)
        if draw.op == "fill" {
            try rasterizer.fill(path, transform: transform, rule: shape.fillRule == "evenOdd" ? .evenOdd : .nonZero,
                                clip: surface.clip, into: &sink)
        } else {
            try rasterizer.stroke(path, style: try QualityCorpus.style(shape), transform: transform,
                                  clip: surface.clip, into: &sink)
        }
    }

    /// The group's draws into a cleared offscreen buffer, composited faded by the group's opacity through
    /// its mask (shapes drawn in white into A8) or the enclosing clip.
    mutating func paintGroup(_ draw: CompositedDraw, into surface: Surface, clip: Surface?) throws {
        let group = try groups.acquire(bounds: surface.bounds)
        defer { try? groups.release(group) }
        for inner in draw.draws ?? [] { try paint(inner, into: group.surface, clip: nil) }
        guard let maskDraws = draw.mask else {
            try surface.composite(group, opacity: try draw.opacityByte(), mask: clip)
            return
        }
        guard clip == nil else { throw CompositedCorpusError.unsupported("a masked group inside a clip") }
        let mask = try masks.acquire(bounds: surface.bounds)
        defer { try? masks.release(mask) }
        for shape in maskDraws {
            var white = shape
            white.color = "#ffffff"
            try paint(white, into: mask.surface, clip: nil)
        }
        try surface.composite(group, opacity: try draw.opacityByte(), mask: mask.surface)
    }

    /// The clip's draws, each multiplied by the coverage of its rounded rectangle (an A8 buffer).
    mutating func paintClipped(_ draw: CompositedDraw, into surface: Surface, clip: Surface?) throws {
        guard clip == nil else { throw CompositedCorpusError.unsupported("a clip inside a clip") }
        let buffer = try masks.acquire(bounds: surface.bounds)
        defer { try? masks.release(buffer) }
        try shapes.fill(try draw.roundedRect(), color: Color.white.premultiplied(), into: buffer.surface)
        for inner in draw.draws ?? [] { try paint(inner, into: surface, clip: buffer.surface) }
    }
}
