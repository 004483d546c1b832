import CPeers
import FixedPoint
import Glibc
import Raster

/// The raster workloads of BENCHMARKS.md at 1920×1080 and 800×480 in XRGB8888 and RGB565, each drawn by
/// Flipbook, cairo and pixman into the same cache-hot frame, divided by a memset of that frame.
func runRasterWorkloads(_ harness: BenchHarness) {
    for (width, height) in [(1920, 1080), (800, 480)] {
        for format in [RasterBenchFormat.xrgb8888, .rgb565] {
            guard let frame = RasterBenchFrame(width: width, height: height, format: format) else {
                print("# raster: cannot set up \(width)x\(height) \(format.name); skipped")
                continue
            }
            for workload in RasterWorkload.all + RasterWorkload.gradients where harness.selects(workload.name) {
                workload.run(frame, harness)
            }
        }
    }
}

/// A destination pixel format with its names in the three renderers.
struct RasterBenchFormat {
    let name: String
    let layout: PixelLayout
    let cairo: cairo_format_t
    let pixman: pixman_format_code_t

    static let xrgb8888 = RasterBenchFormat(name: "xrgb8888", layout: .xrgb8888, cairo: CAIRO_FORMAT_RGB24,
                                            pixman: PIXMAN_x8r8g8b8)
    static let rgb565 = RasterBenchFormat(name: "rgb565", layout: .rgb565, cairo: CAIRO_FORMAT_RGB16_565,
                                          pixman: PIXMAN_r5g6b5)
}

/// One frame buffer seen by all three renderers, plus Flipbook's setup-time scratch.
final class RasterBenchFrame {
    let width: Int, height: Int, format: RasterBenchFormat
    let storage: SurfaceStorage
    let cairoSurface: OpaquePointer
    let cairo: OpaquePointer
    let pixman: OpaquePointer
    var roundedRects: RoundedRectPainter
    let image = BenchImage()
    var rasterizer: Rasterizer
    var groups: OffscreenPool
    let circle: Path
    let wave: Path

    init?(width: Int, height: Int, format: RasterBenchFormat) {
        guard let storage = try? SurfaceStorage(width: width, height: height, layout: format.layout),
              let rasterizer = try? RoundedRectPainter(maximumWidth: width),
              let pathRasterizer = try? Rasterizer(), let groups = try? OffscreenPool(capacity: 1, maximumWidth: width, maximumHeight: height),
              let circle = try? BenchPaths.circle(width: width, height: height),
              let wave = try? BenchPaths.wave(width: width, height: height) else { return nil }
        let surface = storage.surface
        let bytes = surface.baseAddress.assumingMemoryBound(to: UInt8.self)
        let cairoSurface = cairo_image_surface_create_for_data(bytes, format.cairo, Int32(width), Int32(height),
                                                              Int32(surface.strideBytes))!
        guard cairo_surface_status(cairoSurface) == CAIRO_STATUS_SUCCESS,
              let pixman = pixman_image_create_bits(format.pixman, Int32(width), Int32(height),
                                                     surface.baseAddress.assumingMemoryBound(to: UInt32.self),
                                                     Int32(surface.strideBytes))
        else { return nil }
        self.width = width
        self.height = height
        self.format = format
        self.storage = storage
        self.cairoSurface = cairoSurface
        self.cairo = cairo_create(cairoSurface)
        self.pixman = pixman
        self.roundedRects = rasterizer
        self.rasterizer = pathRasterizer
        self.groups = groups
        self.circle = circle
        self.wave = wave
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(cairoSurface)
        pixman_image_unref(pixman)
    }

    var surface: Surface { storage.surface }
    var sizeName: String { "\(width)x\(height)" }
    var frameBytes: Int { width * height * format.layout.bytesPerPixel }
}

/// A straight-alpha colour as each renderer wants it.
struct BenchColor {
    let red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    var premultiplied: PremultipliedColor { Color(red: red, green: green, blue: blue, alpha: alpha).premultiplied() }

    func setCairoSource(_ cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// pixman's 16-bit premultiplied colour.
    var pixman: pixman_color_t {
        let colour = premultiplied
        return pixman_color_t(red: UInt16(colour.red) * 257, green: UInt16(colour.green) * 257,
                              blue: UInt16(colour.blue) * 257, alpha: UInt16(colour.alpha) * 257)
    }
}

/// The 100 rectangles of `fill_rects100` / `blend_rects100`: xorshift32 from seed 0x12345678 gives, per
/// rectangle, x (mod W − 200), y (mod H − 200) and the colour's red, green, blue bytes.
func benchRectangles(width: Int, height: Int, alpha: UInt8) -> [(IntRect, BenchColor)] {
    var state: UInt32 = 0x1234_5678
    func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
    return (0..<100).map { _ in
        let x = Int(next() % UInt32(width - 200)), y = Int(next() % UInt32(height - 200))
        let rgb = next()
        return (IntRect(x: x, y: y, width: 200, height: 200),
                BenchColor(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                           blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha))
    }
}

/// One workload: how each renderer draws it (nil: that renderer has no way to draw it here).
struct RasterWorkload {
    let name: String
    let flipbook: (RasterBenchFrame) -> () -> Void
    let cairo: ((RasterBenchFrame) -> () -> Void)?
    let pixman: ((RasterBenchFrame) -> () -> Void)?

    func run(_ frame: RasterBenchFrame, _ harness: BenchHarness) {
        let implementations: [(String, ((RasterBenchFrame) -> () -> Void)?)] =
            [("flipbook", flipbook), ("cairo", cairo), ("pixman", pixman)]
        for (impl, make) in implementations {
            guard let make else { continue }
            let body = make(frame)
            let counts = harness.cycles(samples: frame.width > 1000 ? 31 : 61, body)
            harness.report(workload: name, size: frame.sizeName, format: frame.format.name, impl: impl,
                           counts: counts, frameBytes: frame.frameBytes)
        }
    }
}

extension RasterWorkload {
    static let background = BenchColor(red: 0x33, green: 0x66, blue: 0x99, alpha: 255)
    static let shapeColor = BenchColor(red: 0xCC, green: 0x33, blue: 0x66, alpha: 255)

    /// Every workload, in BENCHMARKS.md order.
    static var all: [RasterWorkload] { [
        RasterWorkload(name: "fill_full", flipbook: { frame in
            let colour = background.premultiplied
            return { frame.surface.fill(frame.surface.bounds, color: colour) }
        }, cairo: { frame in { cairoRectangles(frame, [(frame.surface.bounds, background)]) } },
           pixman: { frame in { pixmanRectangles(frame, [(frame.surface.bounds, background)]) } }),
        rectangles(name: "fill_rects100", alpha: 255),
        RasterWorkload(name: "blend_full", flipbook: { frame in
            let colour = BenchColor(red: 0x33, green: 0x66, blue: 0x99, alpha: 128).premultiplied
            return { frame.surface.fill(frame.surface.bounds, color: colour) }
        }, cairo: { frame in { cairoRectangles(frame, [(frame.surface.bounds, background.withAlpha(128))]) } },
           pixman: { frame in { pixmanRectangles(frame, [(frame.surface.bounds, background.withAlpha(128))]) } }),
        rectangles(name: "blend_rects100", alpha: 128),
        RasterWorkload(name: "rrect_aa", flipbook: { frame in
            let shape = try! RoundedRect(rect: rrectBounds(frame), cornerRadius: Fixed(40))
            let colour = shapeColor.premultiplied
            return { try? frame.roundedRects.fill(shape, color: colour, into: frame.surface) }
        }, cairo: { frame in
            { cairoRoundedRect(frame.cairo, rrectBounds(frame), radius: 40); shapeColor.setCairoSource(frame.cairo); cairo_fill(frame.cairo) }
        }, pixman: nil),
        RasterWorkload(name: "circle_stroke_aa", flipbook: { frame in
            let colour = shapeColor.premultiplied
            let style = StrokeStyle(lineWidth: Fixed(10))
            return {
                guard var sink = try? SolidColorSink(surface: frame.surface, color: colour) else { return }
                try? frame.rasterizer.stroke(frame.circle, style: style, transform: .identity, clip: frame.surface.clip, into: &sink)
            }
        }, cairo: { frame in {
            cairo_new_path(frame.cairo)
            cairo_arc(frame.cairo, Double(frame.width) / 2, Double(frame.height) / 2, 200, 0, 2 * Double.pi)
            cairo_set_line_width(frame.cairo, 10)
            shapeColor.setCairoSource(frame.cairo)
            cairo_stroke(frame.cairo)
        } }, pixman: nil),
        RasterWorkload(name: "wave_fill_aa", flipbook: { frame in
            let colour = shapeColor.premultiplied
            return {
                guard var sink = try? SolidColorSink(surface: frame.surface, color: colour) else { return }
                try? frame.rasterizer.fill(frame.wave, transform: .identity, rule: .nonZero, clip: frame.surface.clip, into: &sink)
            }
        }, cairo: { frame in {
            BenchPaths.cairoWave(frame)
            shapeColor.setCairoSource(frame.cairo)
            cairo_fill(frame.cairo)
        } }, pixman: nil),
        RasterWorkload(name: "image_rot_bilinear", flipbook: { frame in
            let transform = try! ImageTransform(BenchImage.affine(frame))
            return { try? frame.surface.drawImage(frame.image.storage.surface, transform: transform) }
        }, cairo: { frame in { BenchImage.drawCairo(frame) } }, pixman: { frame in { BenchImage.drawPixman(frame) } }),
        RasterWorkload(name: "group_opacity", flipbook: { frame in { BenchGroup.drawFlipbook(frame) } },
                       cairo: { frame in { BenchGroup.drawCairo(frame) } }, pixman: nil),
    ] }

    static func rectangles(name: String, alpha: UInt8) -> RasterWorkload {
        RasterWorkload(name: name, flipbook: { frame in
            let list = benchRectangles(width: frame.width, height: frame.height, alpha: alpha).map { ($0.0, $0.1.premultiplied) }
            return { for (rect, colour) in list { frame.surface.fill(rect, color: colour) } }
        }, cairo: { frame in
            let list = benchRectangles(width: frame.width, height: frame.height, alpha: alpha)
            return { cairoRectangles(frame, list) }
        }, pixman: { frame in
            let list = benchRectangles(width: frame.width, height: frame.height, alpha: alpha)
            return { pixmanRectangles(frame, list) }
        })
    }

    /// BENCHMARKS.md: 400×300 at ((W − 400)/2 + 0.25, (H − 300)/2 + 0.25).
    static func rrectBounds(_ frame: RasterBenchFrame) -> Rect {
        Rect(x: Fixed(raw: Int32((frame.width - 400) / 2) << 16 + 16384),
             y: Fixed(raw: Int32((frame.height - 300) / 2) << 16 + 16384), width: Fixed(400), height: Fixed(300))
    }
}

extension BenchColor {
    func withAlpha(_ alpha: UInt8) -> BenchColor { BenchColor(red: red, green: green, blue: blue, alpha: alpha) }
}

/// Source-over rectangles with cairo (it stores opaque ones directly).
func cairoRectangles(_ frame: RasterBenchFrame, _ list: [(IntRect, BenchColor)]) {
    for (rect, colour) in list {
        colour.setCairoSource(frame.cairo)
        cairo_rectangle(frame.cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_fill(frame.cairo)
    }
}

/// Source-over rectangles with pixman (`SRC` for opaque colours, as a compositor would).
func pixmanRectangles(_ frame: RasterBenchFrame, _ list: [(IntRect, BenchColor)]) {
    for (rect, colour) in list {
        var box = pixman_rectangle16_t(x: Int16(rect.x), y: Int16(rect.y), width: UInt16(rect.width), height: UInt16(rect.height))
        var pixmanColour = colour.pixman
        let op = colour.alpha == 255 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        pixman_image_fill_rectangles(op, frame.pixman, &pixmanColour, 1, &box)
    }
}

/// A rounded-rectangle path for cairo (four quarter arcs).
func cairoRoundedRect(_ cairo: OpaquePointer, _ rect: Rect, radius: Double) {
    let x = Double(rect.minX.raw) / 65536, y = Double(rect.minY.raw) / 65536
    let w = Double(rect.width.raw) / 65536, h = Double(rect.height.raw) / 65536
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, x + w - radius, y + radius, radius, -Double.pi / 2, 0)
    cairo_arc(cairo, x + w - radius, y + h - radius, radius, 0, Double.pi / 2)
    cairo_arc(cairo, x + radius, y + h - radius, radius, Double.pi / 2, Double.pi)
    cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cairo)
}

/// The 256×256 premultiplied image of `image_rot_bilinear` (alpha 128–255) as Flipbook, cairo and pixman
/// hold it, all three over the same pixels, and the map T(W/2, H/2)·R(30°)·S(1.5)·T(−128, −128).
final class BenchImage {
    let storage: SurfaceStorage
    let cairoSurface: OpaquePointer
    let pixman: OpaquePointer

    init() {
        storage = try! SurfaceStorage(width: 256, height: 256, layout: .argb8888Premultiplied)
        let surface = storage.surface
        for y in 0..<256 {
            let row = surface.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<256 {
                let colour = Color(red: UInt8(x), green: UInt8(y), blue: UInt8((x ^ y) & 0xFF), alpha: UInt8(128 + (x + y) / 4))
                row[x] = colour.premultiplied().packedARGB
            }
        }
        cairoSurface = cairo_image_surface_create_for_data(surface.baseAddress.assumingMemoryBound(to: UInt8.self),
                                                           CAIRO_FORMAT_ARGB32, 256, 256, Int32(surface.strideBytes))
        pixman = pixman_image_create_bits(PIXMAN_a8r8g8b8, 256, 256, surface.baseAddress.assumingMemoryBound(to: UInt32.self),
                                          Int32(surface.strideBytes))
        pixman_image_set_filter(pixman, PIXMAN_FILTER_BILINEAR, nil, 0)
    }

    deinit {
        cairo_surface_destroy(cairoSurface)
        pixman_image_unref(pixman)
    }

    static let angle = Double.pi / 6, scale = 1.5

    /// (a, b, c, d, tx, ty) of the forward map in Double (Core Graphics convention).
    static func entries(_ frame: RasterBenchFrame) -> [Double] {
        let a = cos(angle) * scale, b = sin(angle) * scale
        return [a, b, -b, a, Double(frame.width) / 2 - 128 * (a - b), Double(frame.height) / 2 - 128 * (b + a)]
    }

    static func affine(_ frame: RasterBenchFrame) -> Affine {
        let e = entries(frame).map { Fixed(raw: Int32(($0 * 65536).rounded())) }
        return Affine(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    static func drawCairo(_ frame: RasterBenchFrame) {
        let cairo = frame.cairo
        cairo_save(cairo)
        cairo_translate(cairo, Double(frame.width) / 2, Double(frame.height) / 2)
        cairo_rotate(cairo, angle)
        cairo_scale(cairo, scale, scale)
        cairo_translate(cairo, -128, -128)
        cairo_set_source_surface(cairo, frame.image.cairoSurface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cairo, 0, 0, 256, 256)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// pixman maps destination to source: the inverse map, over the destination's bounding box only.
    static func drawPixman(_ frame: RasterBenchFrame) {
        let e = entries(frame)
        let det = e[0] * e[3] - e[1] * e[2]
        var inverse = pixman_f_transform()
        inverse.m = ((e[3] / det, -e[2] / det, (e[2] * e[5] - e[3] * e[4]) / det),
                     (-e[1] / det, e[0] / det, (e[1] * e[4] - e[0] * e[5]) / det), (0, 0, 1))
        var fixed = pixman_transform()
        pixman_transform_from_pixman_f_transform(&fixed, &inverse)
        pixman_image_set_transform(frame.image.pixman, &fixed)
        let half = 128 * scale * (cos(angle) + sin(angle))
        let x = Int32(Double(frame.width) / 2 - half) - 1, y = Int32(Double(frame.height) / 2 - half) - 1
        let side = UInt16(2 * half) + 3
        pixman_image_composite32(PIXMAN_OP_OVER, frame.image.pixman, nil, frame.pixman, x, y, 0, 0, x, y,
                                 Int32(side), Int32(side))
    }
}

/// The paths of `circle_stroke_aa` and `wave_fill_aa`, built once.
enum BenchPaths {
    static func circle(width: Int, height: Int) throws -> Path {
        var path = try Path()
        try path.addEllipse(in: Rect(x: Fixed(Int16(width / 2 - 200)), y: Fixed(Int16(height / 2 - 200)),
                                     width: Fixed(400), height: Fixed(400)))
        return path
    }

    /// y = H/2 + (H/10)·sin(2πx/(W/3) + 0.7), x = 0…W in 1 px steps, closed along the bottom edge.
    static func waveY(_ x: Int, width: Int, height: Int) -> Double {
        Double(height) / 2 + Double(height) / 10 * sin(2 * Double.pi * Double(x) / (Double(width) / 3) + 0.7)
    }

    static func wave(width: Int, height: Int) throws -> Path {
        var path = try Path(pointLimit: width + 8)
        try path.move(to: try Point(x: 0, y: waveY(0, width: width, height: height)))
        for x in 1...width { try path.line(to: try Point(x: Double(x), y: waveY(x, width: width, height: height))) }
        try path.line(to: try Point(x: Double(width), y: Double(height)))
        try path.line(to: try Point(x: 0, y: Double(height)))
        try path.close()
        return path
    }

    static func cairoWave(_ frame: RasterBenchFrame) {
        cairo_new_path(frame.cairo)
        cairo_move_to(frame.cairo, 0, waveY(0, width: frame.width, height: frame.height))
        for x in 1...frame.width { cairo_line_to(frame.cairo, Double(x), waveY(x, width: frame.width, height: frame.height)) }
        cairo_line_to(frame.cairo, Double(frame.width), Double(frame.height))
        cairo_line_to(frame.cairo, 0, Double(frame.height))
        cairo_close_path(frame.cairo)
    }
}

/// `group_opacity`: the `rrect_aa` rectangle and an opaque circle of radius 100 centred on its lower-right
/// corner region, drawn into a layer-sized offscreen and composited at 50 % opacity.
enum BenchGroup {
    static let circleColor = BenchColor(red: 0x33, green: 0xCC, blue: 0x66, alpha: 255)

    /// The layer's bounds: the rectangle and the circle at (W/2 + 150, H/2 + 100).
    static func layerBounds(_ frame: RasterBenchFrame) -> IntRect {
        IntRect(minX: (frame.width - 400) / 2, minY: (frame.height - 300) / 2,
                maxX: frame.width / 2 + 251, maxY: frame.height / 2 + 201)
    }

    static func drawFlipbook(_ frame: RasterBenchFrame) {
        let bounds = layerBounds(frame)
        guard let slot = try? frame.groups.acquire(bounds: bounds) else { return }
        let dx = Fixed(Int16(bounds.x)), dy = Fixed(Int16(bounds.y))
        let rect = RasterWorkload.rrectBounds(frame)
        let local = Rect(x: rect.minX - dx, y: rect.minY - dy, width: rect.width, height: rect.height)
        let circle = Rect(x: Fixed(Int16(frame.width / 2 + 50)) - dx, y: Fixed(Int16(frame.height / 2)) - dy,
                          width: Fixed(200), height: Fixed(200))
        try? frame.roundedRects.fill(try! RoundedRect(rect: local, cornerRadius: Fixed(40)),
                                     color: RasterWorkload.shapeColor.premultiplied, into: slot.surface)
        try? frame.roundedRects.fill(try! RoundedRect(rect: circle, cornerRadius: Fixed(100)),
                                     color: circleColor.premultiplied, into: slot.surface)
        try? frame.surface.composite(slot, opacity: 128)
        try? frame.groups.release(slot)
    }

    static func drawCairo(_ frame: RasterBenchFrame) {
        let cairo = frame.cairo, bounds = layerBounds(frame)
        cairo_save(cairo)
        cairo_rectangle(cairo, Double(bounds.x), Double(bounds.y), Double(bounds.width), Double(bounds.height))
        cairo_clip(cairo)
        cairo_push_group(cairo)
        cairoRoundedRect(cairo, RasterWorkload.rrectBounds(frame), radius: 40)
        RasterWorkload.shapeColor.setCairoSource(cairo)
        cairo_fill(cairo)
        cairo_arc(cairo, Double(frame.width / 2 + 150), Double(frame.height / 2 + 100), 100, 0, 2 * Double.pi)
        circleColor.setCairoSource(cairo)
        cairo_fill(cairo)
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, 0.5)
        cairo_restore(cairo)
    }
}
