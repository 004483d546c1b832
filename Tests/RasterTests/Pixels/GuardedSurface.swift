import Testing
import CMallocCounter
@testable import Raster
import FixedPoint

/// A surface in the middle of a larger buffer whose margins (a guard band above, below, left, right and in
/// the row padding) hold a known byte; any write outside the surface shows up in `guardIsIntact`.
final class GuardedSurface {
    static let guardByte: UInt8 = 0xA5
    static let marginRows = 3
    static let marginBytes = 16

    let memory: UnsafeMutableRawPointer
    let byteCount: Int
    let surface: Surface

    init(width: Int, height: Int, layout: PixelLayout, fill: PremultipliedColor = .opaqueBlack) throws {
        let stride = width * layout.bytesPerPixel + 2 * Self.marginBytes
        byteCount = stride * (height + 2 * Self.marginRows)
        memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: Self.guardByte, count: byteCount)
        surface = try Surface(baseAddress: memory + stride * Self.marginRows + Self.marginBytes, width: width,
                              height: height, strideBytes: stride, layout: layout)
        surface.replace(surface.bounds, with: fill)
    }

    deinit { memory.deallocate() }

    /// Whether every byte outside the pixels is still the guard byte.
    var guardIsIntact: Bool {
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        let start = surface.baseAddress - memory
        for offset in 0..<byteCount {
            let relative = offset - start
            let row = relative >= 0 ? relative / surface.strideBytes : -1
            let column = relative >= 0 ? relative % surface.strideBytes : -1
            let inside = row >= 0 && row < surface.height && column < surface.width * surface.layout.bytesPerPixel
            if !inside && bytes[offset] != Self.guardByte { return false }
        }
        return true
    }

    /// The picture as text: one character per pixel from `symbol` of its decoded colour.
    func ascii(_ symbol: (PremultipliedColor) -> Character) -> [String] {
        (0..<surface.height).map { y in String((0..<surface.width).map { x in symbol(surface.color(x: x, y: y)!) }) }
    }
}

/// `#` for pixels at least half covered by white on black, `.` for background, `+` for faint coverage.
func coverageSymbol(_ color: PremultipliedColor) -> Character {
    color.green >= 128 ? "#" : color.green > 0 ? "+" : "."
}

/// A seeded xorshift32 generator (tests print the seed).
struct XorShift32 {
    var state: UInt32
    init(seed: UInt32) { state = seed == 0 ? 1 : seed }
    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt32(bound)) }
}

/// The Double reference of rounding to nearest 8-bit.
func roundedByte(_ value: Double) -> UInt32 { UInt32((value).rounded()) }

/// Heap allocations made by this thread during `draws` runs of `draw` (the counter is per thread, so tests
/// running in parallel do not disturb it).
func allocations(draws: Int, _ draw: () throws -> Void) rethrows -> UInt64 {
    let before = cmc_allocation_count()
    for _ in 0..<draws { try draw() }
    return cmc_allocation_count() - before
}
