import FixedPoint
import Testing
@testable import Raster

/// `Gradient.setStops(interpolating:_:colors:locations:)` (animated `colors` and `locations`) against a Double
/// model of each stop at many progress values, overshoot included, and the typed refusals.
@Suite struct GradientInterpolationTests {
    /// A deterministic generator (xorshift64*), so a failure names a reproducible case.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static func randomGradient(stops: Int, _ generator: inout Generator) throws -> Gradient {
        var gradient = Gradient(kind: .axial, start: .zero, end: Point(x: .one, y: .one))
        var raws = (0 ..< stops).map { _ in Int32(generator.below(65537)) }
        raws.sort()
        for raw in raws {
            let color = Color(red: UInt8(generator.below(256)), green: UInt8(generator.below(256)),
                              blue: UInt8(generator.below(256)), alpha: UInt8(generator.below(256)))
            try gradient.appendStop(location: Fixed(raw: raw), color: color)
        }
        return gradient
    }

    /// The model's channel: a + (b − a)·p rounded half up, saturated to 0 … 255 (as CA's straight components).
    static func channel(_ a: UInt8, _ b: UInt8, _ progress: Double) -> UInt8 {
        UInt8(min(max((Double(a) + (Double(b) - Double(a)) * progress + 0.5).rounded(.down), 0), 255))
    }

    /// The model's locations: a + (b − a)·p in Q16.16 rounded half up, then each held in 0 … 1 and at least the
    /// stop before.
    static func locations(_ from: Gradient, _ to: Gradient, _ progress: Double) -> [Int32] {
        var previous = 0.0
        return (0 ..< from.stopCount).map { index in
            let a = Double(from.stopLocation(index).raw), b = Double(to.stopLocation(index).raw)
            let value = min(max((a + (b - a) * progress + 0.5).rounded(.down), previous), 65536)
            previous = value
            return Int32(value)
        }
    }

    /// 200 random pairs of 2 … 16 stops at 41 colour and 41 location progress values each from −0.5 to 1.5:
    /// every stop's colour and location equal the model's, and the drawing state (premultiplied lanes and
    /// segment reciprocals) equals that of a gradient built from the model's stops by `appendStop`.
    @Test func stopsFollowTheDoubleModel() throws {
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var checked = 0
        for _ in 0 ..< 200 {
            let count = 2 + generator.below(15)
            let from = try Self.randomGradient(stops: count, &generator)
            let to = try Self.randomGradient(stops: count, &generator)
            for step in 0 ... 40 {
                let colorRaw = Int32(-16384 + step * 1638), locationRaw = Int32(-16384 + (40 - step) * 1638)
                let colorProgress = Double(colorRaw) / 32768, locationProgress = Double(locationRaw) / 32768
                var result = Gradient(kind: .radial, start: .zero, end: .zero)
                try result.setStops(interpolating: from, to, colors: Progress(raw: colorRaw),
                                    locations: Progress(raw: locationRaw))
                #expect(result.kind == .radial)
                let modelLocations = Self.locations(from, to, locationProgress)
                var reference = Gradient(kind: .radial, start: .zero, end: .zero)
                for index in 0 ..< count {
                    let a = from.stopColor(index), b = to.stopColor(index)
                    let color = Color(red: Self.channel(a.red, b.red, colorProgress),
                                      green: Self.channel(a.green, b.green, colorProgress),
                                      blue: Self.channel(a.blue, b.blue, colorProgress),
                                      alpha: Self.channel(a.alpha, b.alpha, colorProgress))
                    try #require(result.stopColor(index) == color, "stop \(index) at colour progress \(colorProgress)")
                    try #require(result.stopLocation(index).raw == modelLocations[index],
                                 "stop \(index) at location progress \(locationProgress)")
                    try reference.appendStop(location: Fixed(raw: modelLocations[index]), color: color)
                }
                #expect(result.stopCount == count)
                for index in 0 ..< count {
                    try #require(result.colours[index] == reference.colours[index])
                    try #require(result.reciprocals[index] == reference.reciprocals[index])
                }
                checked += 1
            }
        }
        #expect(checked == 200 * 41)
    }

    /// Progress 0 and 1 give the ends' stops exactly.
    @Test func endsAreExact() throws {
        var generator = Generator(state: 42)
        let from = try Self.randomGradient(stops: 5, &generator), to = try Self.randomGradient(stops: 5, &generator)
        var result = Gradient(kind: .axial, start: .zero, end: .zero)
        for (progress, end) in [(Progress.zero, from), (Progress.one, to)] {
            try result.setStops(interpolating: from, to, colors: progress, locations: progress)
            for index in 0 ..< 5 {
                #expect(result.stopColor(index) == end.stopColor(index))
                #expect(result.stopLocation(index) == end.stopLocation(index))
            }
        }
    }

    @Test func refusals() throws {
        var generator = Generator(state: 7)
        let two = try Self.randomGradient(stops: 2, &generator), three = try Self.randomGradient(stops: 3, &generator)
        var result = Gradient(kind: .axial, start: .zero, end: .zero)
        #expect(throws: RasterError.gradientStopCountMismatch(from: 2, to: 3)) {
            try result.setStops(interpolating: two, three, colors: .one, locations: .one)
        }
        let empty = Gradient(kind: .axial, start: .zero, end: .zero)
        #expect(throws: RasterError.gradientStopCount(0)) {
            try result.setStops(interpolating: empty, empty, colors: .one, locations: .one)
        }
        #expect(two.stopColor(2) == .clear && two.stopLocation(-1) == .zero)
    }
}
