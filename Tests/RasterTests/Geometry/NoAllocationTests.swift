import CMallocCounter
import FixedPoint
import Testing
@testable import Raster

/// A sink over caller-owned bytes (no Array), so that the fill below can carry `@_noAllocation`.
struct PointerCoverageSink: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    var checksum: UInt32 = 0

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        let byte = WideCoverage.byte(coverage)
        for offset in 0..<count { base[y &* width &+ x &+ offset] = byte }
        checksum = checksum &* 31 &+ UInt32(byte) &* UInt32(truncatingIfNeeded: count)
    }

    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        for offset in 0..<coverage.count {
            let value = WideCoverage.byte(coverage[offset])
            base[y &* width &+ x &+ offset] = value
            checksum = checksum &* 31 &+ UInt32(value)
        }
    }
}

/// The concrete fill entry point the compiler proves allocation-free.
@_noAllocation
func fillWithoutAllocating(
    _ rasterizer: inout Rasterizer, _ path: borrowing Path, _ transform: Affine, _ sink: inout PointerCoverageSink
) throws(GeometryError) {
    try rasterizer.fill(path, transform: transform, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 64, height: 64), into: &sink)
}

/// The concrete stroke entry point the compiler proves allocation-free (trimmed, round joins and caps).
@_noAllocation
func strokeWithoutAllocating(
    _ rasterizer: inout Rasterizer, _ path: borrowing Path, _ style: StrokeStyle, _ sink: inout PointerCoverageSink
) throws(GeometryError) {
    try rasterizer.stroke(path, style: style, transform: .identity, clip: IntRect(x: 0, y: 0, width: 64, height: 64), into: &sink)
}

@Suite struct NoAllocationTests {
    @Test func fillingAfterWarmUpAllocatesNothing() throws {
        var rasterizer = try Rasterizer()
        var path = try Path()
        try path.addEllipse(in: Rect(x: Fixed(4), y: Fixed(6), width: Fixed(50), height: Fixed(40)))
        try path.addRoundedRect(Rect(x: Fixed(10), y: Fixed(10), width: Fixed(30), height: Fixed(20)),
                                cornerWidth: Fixed(5), cornerHeight: Fixed(5))
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 64)
        defer { pixels.deallocate() }
        pixels.initialize(repeating: 0, count: 64 * 64)
        var sink = PointerCoverageSink(base: pixels, width: 64)
        try fillWithoutAllocating(&rasterizer, path, .identity, &sink)
        #expect(try allocations(draws: 2_000) { try fillWithoutAllocating(&rasterizer, path, .identity, &sink) } == 0)
        #expect(sink.checksum != 0)
    }

    @Test func strokingAfterWarmUpAllocatesNothing() throws {
        var rasterizer = try Rasterizer()
        let path = try SVGPathParser.parse("M6 50 L18 14 L30 50 Q42 0 58 50 M8 8 A20 20 0 0 1 40 8 Z")
        let style = StrokeStyle(lineWidth: Fixed(3), lineCap: .round, lineJoin: .round,
                                strokeStart: Progress(raw: 3000), strokeEnd: Progress(raw: 30000))
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 64)
        defer { pixels.deallocate() }
        pixels.initialize(repeating: 0, count: 64 * 64)
        var sink = PointerCoverageSink(base: pixels, width: 64)
        try strokeWithoutAllocating(&rasterizer, path, style, &sink)
        #expect(try allocations(draws: 2_000) { try strokeWithoutAllocating(&rasterizer, path, style, &sink) } == 0)
        #expect(sink.checksum != 0)
    }
}
