import FixedPoint
import Raster

/// The raster workloads that matter on a board (BENCHMARKS.md, same shapes and colours as `flipbook-bench`)
/// in one frame of `width × height`: fill_full, blend_full, rrect_aa, circle_stroke_aa and group_opacity,
/// plus a memset of the frame (64-bit stores; the × memset reference). `init` allocates; `run` does not.
///
/// The frame's non-copyable parts live in setup memory for the whole process: an Embedded build cannot
/// destroy another module's non-copyable values from here ("deinit of non-copyable type not visible").
struct RasterBench {
    let width: Int, height: Int
    let format: StaticString
    let surface: Surface
    let roundedRects: UnsafeMutablePointer<RoundedRectPainter>
    let rasterizer: UnsafeMutablePointer<Rasterizer>
    let groups: UnsafeMutablePointer<OffscreenPool>
    let circle: Path

    static let background = Color(red: 0x33, green: 0x66, blue: 0x99).premultiplied()
    static let translucent = Color(red: 0x33, green: 0x66, blue: 0x99, alpha: 128).premultiplied()
    static let shapeColor = Color(red: 0xCC, green: 0x33, blue: 0x66).premultiplied()
    static let circleColor = Color(red: 0x33, green: 0xCC, blue: 0x66).premultiplied()

    init(width: Int, height: Int, layout: PixelLayout, format: StaticString) throws(BenchSetupError) {
        do {
            surface = keep(try SurfaceStorage(width: width, height: height, layout: layout)).pointee.surface
            roundedRects = keep(try RoundedRectPainter(maximumWidth: width))
            groups = keep(try OffscreenPool(capacity: 1, maximumWidth: width, maximumHeight: height))
        } catch { throw .raster }
        do {
            rasterizer = keep(try Rasterizer())
            var path = try Path()
            try path.addEllipse(in: Rect(x: Fixed(Int16(width / 2 - 200)), y: Fixed(Int16(height / 2 - 200)),
                                         width: Fixed(400), height: Fixed(400)))
            circle = path
        } catch { throw .geometry }
        self.width = width
        self.height = height
        self.format = format
    }

    var frameBytes: Int { surface.strideBytes * height }

    /// Times every selected workload, each divided by the memset of this frame timed just before.
    func run(_ harness: inout BenchHarness) {
        let bytes = frameBytes
        var value: UInt8 = 0
        let memset = harness.medianNanos(samples: 61, warmup: 5) {
            value &+= 1
            sys_memsetWords(surface.baseAddress, value, bytes)
        }
        if harness.selects("memset") {
            harness.report(workload: "memset", width: width, height: height, format: format, impl: "memset-words",
                           nanos: memset, memsetNanos: memset)
        }
        if harness.selects("fill_full") {
            let nanos = harness.medianNanos { surface.fill(surface.bounds, color: RasterBench.background) }
            report(&harness, "fill_full", nanos, memset)
        }
        if harness.selects("blend_full") {
            let nanos = harness.medianNanos { surface.fill(surface.bounds, color: RasterBench.translucent) }
            report(&harness, "blend_full", nanos, memset)
        }
        if harness.selects("rrect_aa") {
            let nanos = harness.medianNanos { fillRoundedRect() }
            report(&harness, "rrect_aa", nanos, memset)
        }
        if harness.selects("circle_stroke_aa") {
            let nanos = harness.medianNanos { strokeCircle() }
            report(&harness, "circle_stroke_aa", nanos, memset)
        }
        if harness.selects("group_opacity") {
            let nanos = harness.medianNanos { drawGroup() }
            report(&harness, "group_opacity", nanos, memset)
        }
    }

    private func report(_ harness: inout BenchHarness, _ workload: StaticString, _ nanos: Int64, _ memset: Int64) {
        harness.report(workload: workload, width: width, height: height, format: format, impl: "flipbook",
                       nanos: nanos, memsetNanos: memset)
    }

    /// BENCHMARKS.md: 400×300 at ((W − 400)/2 + 0.25, (H − 300)/2 + 0.25), radius 40.
    var roundedRectBounds: Rect {
        Rect(x: Fixed(raw: Int32((width - 400) / 2) << 16 + 16384),
             y: Fixed(raw: Int32((height - 300) / 2) << 16 + 16384), width: Fixed(400), height: Fixed(300))
    }

    private func fillRoundedRect() {
        guard let shape = try? RoundedRect(rect: roundedRectBounds, cornerRadius: Fixed(40)) else { return }
        try? roundedRects.pointee.fill(shape, color: RasterBench.shapeColor, into: surface)
    }

    /// Centre (W/2, H/2), radius 200, line width 10.
    private func strokeCircle() {
        guard var sink = try? SolidColorSink(surface: surface, color: RasterBench.shapeColor) else { return }
        try? rasterizer.pointee.stroke(circle, style: StrokeStyle(lineWidth: Fixed(10)), transform: .identity,
                               clip: surface.clip, into: &sink)
    }

    /// The rounded rectangle and an opaque circle of radius 100 drawn into a layer-sized offscreen,
    /// composited at 50 % opacity.
    private func drawGroup() {
        let bounds = IntRect(minX: (width - 400) / 2, minY: (height - 300) / 2, maxX: width / 2 + 251, maxY: height / 2 + 201)
        guard let slot = try? groups.pointee.acquire(bounds: bounds) else { return }
        let dx = Fixed(Int16(bounds.x)), dy = Fixed(Int16(bounds.y))
        let rect = roundedRectBounds
        let local = Rect(x: rect.minX - dx, y: rect.minY - dy, width: rect.width, height: rect.height)
        let disc = Rect(x: Fixed(Int16(width / 2 + 50)) - dx, y: Fixed(Int16(height / 2)) - dy,
                        width: Fixed(200), height: Fixed(200))
        if let shape = try? RoundedRect(rect: local, cornerRadius: Fixed(40)) {
            try? roundedRects.pointee.fill(shape, color: RasterBench.shapeColor, into: slot.surface)
        }
        if let shape = try? RoundedRect(rect: disc, cornerRadius: Fixed(100)) {
            try? roundedRects.pointee.fill(shape, color: RasterBench.circleColor, into: slot.surface)
        }
        try? surface.composite(slot, opacity: 128)
        try? groups.pointee.release(slot)
    }
}

/// `value` moved into setup memory for the rest of the process.
func keep<Value: ~Copyable>(_ value: consuming Value) -> UnsafeMutablePointer<Value> {
    let memory = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    memory.initialize(to: value)
    return memory
}

/// Why the benchmark could not set up (exit status 65).
enum BenchSetupError: Error {
    case raster, geometry, motion
}
