import Testing
@testable import Raster
import FixedPoint

/// The opaque span lanes (`OpaqueSpanLanes`, `RowBlender8888.blendSpan`) against the scalar single-rounding
/// blend (`ChannelMath.blend`, itself checked against exact rationals in `SingleRoundingBlendTests`): not
/// within a bound of it but equal to it, byte for byte, so the stated error (< 0.012/255 before the one
/// rounding) carries over unchanged.
@Suite struct SpanLaneBlendTests {
    /// An opaque colour whose channels are 0 and 255: over the destinations below, the four channels see
    /// every difference s − d in −255 … 255.
    static let source: UInt32 = 0xFF00_FF00

    /// The destination word of pixel `x` (0 … 127): alpha 2x, red 2x + 1, green 255 − 2x, blue 2x, so
    /// s − d runs through the odd values 1 … 255 (alpha), −1 … −255 (red), the even 0 … 254 (green) and
    /// 0 … −254 (blue).
    static func destination(_ x: Int) -> UInt32 {
        let value = UInt32(2 * x)
        return value << 24 | (value + 1) << 16 | (255 - value) << 8 | value
    }

    /// What `ChannelMath.blend` stores for the opaque source at wide `coverage` over `destination`.
    static func scalar(coverage: UInt16, over destination: UInt32) -> UInt32 {
        let weight = ChannelMath.weight(coverage: UInt32(coverage), scale: ChannelMath.fullScale)
        return ChannelMath.blend(source, alpha: 255, weight: weight, over: destination)
    }

    /// Every wide coverage 0 … 32640 gives the weight `ChannelMath.weight` gives at full scale; full coverage
    /// gives 65535 (65536 does not fit a lane), which the blend test below shows stores the colour.
    @Test func laneWeightsAreTheScalarWeights() {
        var mismatches = 0
        for first in stride(from: 0, through: Int(WideCoverage.full), by: 8) {
            var coverage = SIMD8<UInt16>()
            for lane in 0 ..< 8 { coverage[lane] = UInt16(min(first + lane, Int(WideCoverage.full))) }
            let weights = OpaqueSpanLanes.weights(coverage)
            for lane in 0 ..< 8 {
                let expected = coverage[lane] == WideCoverage.full
                    ? 65_535 : ChannelMath.weight(coverage: UInt32(coverage[lane]), scale: ChannelMath.fullScale)
                if UInt32(weights[lane]) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Every wide coverage × every difference s − d (−255 … 255), through the octet loop of
    /// `RowBlender8888.blendSpan` (128-pixel rows, a different coverage in every lane: pixel x in pass c has
    /// coverage (c + 131·x) mod 32641, so every coverage meets every x) and through `ChannelMath.blendOpaque`
    /// (the scalar form for short spans): both equal to `ChannelMath.blend` in every byte.
    @Test func opaqueOctetsEqualTheScalarBlend() {
        let width = 128, period = Int(WideCoverage.full) + 1
        var row = [UInt32](repeating: 0, count: width)
        var coverage = [UInt16](repeating: 0, count: width)
        var mismatches = 0, scalarMismatches = 0, firstMismatch = ""
        for pass in 0 ..< period {
            for x in 0 ..< width {
                row[x] = Self.destination(x)
                coverage[x] = UInt16((pass + 131 * x) % period)
            }
            row.withUnsafeMutableBufferPointer { pixels in
                coverage.withUnsafeBufferPointer { values in
                    RowBlender8888.blendSpan(pixels.baseAddress!, count: width, source: Self.source,
                                             coverage: values.baseAddress!, scale: ChannelMath.fullScale)
                }
            }
            for x in 0 ..< width {
                let expected = Self.scalar(coverage: coverage[x], over: Self.destination(x))
                let weight = ChannelMath.weight(coverage: UInt32(coverage[x]), scale: ChannelMath.fullScale)
                if ChannelMath.blendOpaque(Self.source, weight: weight, over: Self.destination(x)) != expected { scalarMismatches += 1 }
                if row[x] != expected {
                    if mismatches == 0 { firstMismatch = "pass \(pass) x \(x) coverage \(coverage[x])" }
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0, "first: \(firstMismatch)")
        #expect(scalarMismatches == 0)
    }

    /// `ChannelMath.blendOpaque` depends on s and d, not only on their difference: every (s, d) byte pair
    /// (three per word) at weights 0, 1, ½, 65535, full and 16 seeded others equals `ChannelMath.blend`.
    @Test func scalarOpaqueBlendEqualsTheBlendForEveryPair() {
        var random = SeededGenerator(seed: 0x0BA9_E5C1)
        print("SpanLaneBlendTests seed 0x0BA9E5C1")
        var weights: [UInt32] = [0, 1, 32_768, 65_535, 65_536]
        for _ in 0 ..< 16 { weights.append(UInt32(random.next() % 65_537)) }
        var mismatches = 0
        for weight in weights {
            for pair in stride(from: 0, to: 65_536, by: 3) {
                // Three (s, d) pairs per word in the colour bytes (pair + k, s the high byte, d the low byte;
                // past 65535 the last pair again), alpha (255, d of the first pair).
                var source: UInt32 = 0xFF00_0000, destination = UInt32(pair & 0xFF) << 24
                for k in 0 ..< 3 {
                    let value = UInt32(min(pair + k, 65_535))
                    source |= (value >> 8) << (8 * UInt32(k))
                    destination |= (value & 0xFF) << (8 * UInt32(k))
                }
                if ChannelMath.blendOpaque(source, weight: weight, over: destination)
                    != ChannelMath.blend(source, alpha: 255, weight: weight, over: destination) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Opaque spans of every length 0 … 40 at every start 0 … 3 (runs of zeros, full runs, partial values:
    /// the octet loop, the overlapping last octet and the scalar short spans) leave the same pixels as
    /// one-pixel spans, and nothing outside the span is written.
    @Test func opaqueSpansOfEveryLengthAgreeWithSinglePixels() throws {
        var random = SeededGenerator(seed: 0x5A4E_0C7E)
        print("SpanLaneBlendTests seed 0x5A4E0C7E")
        let colour = Color(red: 250, green: 12, blue: 99, alpha: 255).premultiplied()
        for length in 0 ... 40 {
            for start in 0 ..< 4 {
                let coverage = (0 ..< length).map { _ -> UInt16 in
                    switch random.next() % 4 {
                    case 0: 0
                    case 1: WideCoverage.full
                    default: UInt16(random.next() % UInt64(WideCoverage.full))
                    }
                }
                let long = try GuardedSurface(width: 48, height: 1, layout: .xrgb8888)
                let single = try GuardedSurface(width: 48, height: 1, layout: .xrgb8888)
                for x in 0 ..< 48 {
                    let background = try PremultipliedColor(red: UInt8(x * 5), green: UInt8(255 - x), blue: UInt8(x * 3), alpha: 255)
                    long.surface.replace(IntRect(x: x, y: 0, width: 1, height: 1), with: background)
                    single.surface.replace(IntRect(x: x, y: 0, width: 1, height: 1), with: background)
                }
                var longSink = try SolidColorSink(surface: long.surface, color: colour)
                var singleSink = try SolidColorSink(surface: single.surface, color: colour)
                coverage.withUnsafeBufferPointer { values in
                    longSink.blendSpan(x: start, y: 0, coverage: values)
                    for index in values.indices {
                        singleSink.blendSpan(x: start + index, y: 0, coverage: UnsafeBufferPointer(rebasing: values[index ..< index + 1]))
                    }
                }
                #expect((0 ..< 48).map { long.surface.pixel(x: $0, y: 0)! } == (0 ..< 48).map { single.surface.pixel(x: $0, y: 0)! },
                        "length \(length) start \(start)")
                #expect(long.guardIsIntact)
            }
        }
    }
    /// `OctetSpanBlender` (a span stored with zeros up to whole octets, as the glyph cache keeps it), where it takes
    /// the span, and `blendSpan` where it does not, leave every pixel as `blendSpan` of the unpadded values does: spans of 0 … 24 pixels starting inside, at and
    /// near both edges of a clip (where the padding would cross it and the plain path must be taken), an opaque
    /// and a translucent colour, full and half opacity, with and without an A8 mask, in XRGB8888 and RGB565.
    @Test func octetSpansEqualTheirUnpaddedSpans() throws {
        var random = SeededGenerator(seed: 0x0C7E_75A4)
        print("SpanLaneBlendTests seed 0x0C7E75A4")
        let width = 40, clip = IntRect(x: 3, y: 0, width: 30, height: 1)
        let colours = [Color(red: 250, green: 12, blue: 99, alpha: 255), Color(red: 30, green: 200, blue: 140, alpha: 170)]
        var octetCases = 0, failures: [String] = []
        for layout in [PixelLayout.xrgb8888, .rgb565] {
            for colour in colours {
                for opacity: UInt8 in [255, 128] {
                    for masked in [false, true] {
                        for length in 0 ... 24 {
                            for start in [0, 1, 3, 4, 9, 17, 24, 25, 28, 33] {
                                let padded = WideCoverage.octetPadded(length)
                                var values = (0 ..< length).map { _ -> UInt16 in
                                    switch random.next() % 4 {
                                    case 0: 0
                                    case 1: WideCoverage.full
                                    default: UInt16(random.next() % UInt64(WideCoverage.full))
                                    }
                                }
                                values += [UInt16](repeating: 0, count: padded - length)
                                let octet = try GuardedSurface(width: width, height: 1, layout: layout)
                                let plain = try GuardedSurface(width: width, height: 1, layout: layout)
                                let mask = try GuardedSurface(width: width, height: 1, layout: .a8)
                                for x in 0 ..< width {
                                    let background = try PremultipliedColor(red: UInt8(x * 6), green: UInt8(255 - x * 5),
                                                                            blue: UInt8(x * 3), alpha: 255)
                                    octet.surface.replace(IntRect(x: x, y: 0, width: 1, height: 1), with: background)
                                    plain.surface.replace(IntRect(x: x, y: 0, width: 1, height: 1), with: background)
                                    mask.surface.rowAddress(0).storeBytes(of: UInt8(truncatingIfNeeded: random.next()),
                                                                          toByteOffset: x, as: UInt8.self)
                                }
                                var octetSink = try SolidColorSink(surface: octet.surface.clipped(to: clip), color: colour.premultiplied(),
                                                                   opacity: opacity, mask: masked ? mask.surface : nil)
                                var plainSink = try SolidColorSink(surface: plain.surface.clipped(to: clip), color: colour.premultiplied(),
                                                                   opacity: opacity, mask: masked ? mask.surface : nil)
                                values.withUnsafeBufferPointer { buffer in
                                    if octetSink.octetSpanBlender()?.blend(x: start, y: 0, coverage: buffer.baseAddress!,
                                                                           count: length) != true {
                                        octetSink.blendSpan(x: start, y: 0, coverage: UnsafeBufferPointer(rebasing: buffer[0 ..< length]))
                                    }
                                    plainSink.blendSpan(x: start, y: 0, coverage: UnsafeBufferPointer(rebasing: buffer[0 ..< length]))
                                }
                                if octetSink.blendsOpaqueOctets, start >= clip.x, start + padded <= clip.maxX, length > 0 { octetCases += 1 }
                                let same = (0 ..< width).allSatisfy { octet.surface.pixel(x: $0, y: 0) == plain.surface.pixel(x: $0, y: 0) }
                                if !same || !octet.guardIsIntact {
                                    failures.append("\(layout.fastPath) alpha \(colour.alpha) opacity \(opacity) mask \(masked) length \(length) start \(start)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(octetCases >= 100, "the eight-pixel path was taken in \(octetCases) cases")
    }
    /// An opaque colour faded by opacity (1, 77, 128, 200, 254): spans of 128 pixels through
    /// `RowBlender8888.blendSpan` (octets with per-pixel weights, no tail) and of 13 (one octet and five pixels
    /// alone) leave in every byte what `ChannelMath.blend` gives for the pixel's coverage and weight — coverages
    /// (c + 131·x) mod 32641 for every 13th pass c, so every coverage meets several x, over every s − d.
    @Test func fadedOpaqueSpansEqualTheScalarBlend() {
        let width = 128, period = Int(WideCoverage.full) + 1
        var row = [UInt32](repeating: 0, count: width)
        var coverage = [UInt16](repeating: 0, count: width)
        var mismatches = 0, firstMismatch = ""
        for opacity: UInt32 in [1, 77, 128, 200, 254] {
            let scale = opacity * 255
            for pass in stride(from: 0, to: period, by: 13) {
                for x in 0 ..< width {
                    row[x] = Self.destination(x)
                    coverage[x] = UInt16((pass + 131 * x) % period)
                }
                row.withUnsafeMutableBufferPointer { pixels in
                    coverage.withUnsafeBufferPointer { values in
                        RowBlender8888.blendSpan(pixels.baseAddress!, count: 115, source: Self.source,
                                                 coverage: values.baseAddress!, scale: scale)
                        RowBlender8888.blendSpan(pixels.baseAddress! + 115, count: 13, source: Self.source,
                                                 coverage: values.baseAddress! + 115, scale: scale)
                    }
                }
                for x in 0 ..< width {
                    let weight = ChannelMath.weight(coverage: UInt32(coverage[x]), scale: scale)
                    let expected = ChannelMath.blend(Self.source, alpha: 255, weight: weight, over: Self.destination(x))
                    if row[x] != expected {
                        if mismatches == 0 { firstMismatch = "opacity \(opacity) pass \(pass) x \(x) coverage \(coverage[x])" }
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0, "first: \(firstMismatch)")
    }
}
