import Testing
@testable import Raster

/// `ChannelMath.blend`, `blendAlpha` and `weight` against exact rational arithmetic: given the weight, the
/// blend is the exactly rounded value; the weight is within its stated error of the real product.
@Suite struct SingleRoundingBlendTests {
    /// ⌊(255·W·s + d·(255·2¹⁶ − W·a) + 255·2¹⁵) / (255·2¹⁶)⌋ in 64-bit integers: round-half-up of
    /// d + (W/2¹⁶)·(s − d·a/255), computed without any approximation.
    static func exactlyRounded(source: UInt64, alpha: UInt64, weight: UInt64, destination: UInt64) -> UInt32 {
        let numerator = 255 * weight * source + destination * (255 * 65_536 - weight * alpha) + 255 * 32_768
        return UInt32(numerator / (255 * 65_536))
    }

    @Test func floorDivisionBy255IsExactWhereTheBlendUsesIt() {
        for value in UInt32(0) ... 65_534 { #expect(ChannelMath.floorDivideBy255(value) == value / 255) }
    }

    /// Every alpha × every destination × three channels ≤ alpha (0, alpha, a seeded one), at weights 0, 1,
    /// ½, full and 8 seeded others: all four bytes of the word form (two channels per 64-bit half) and the
    /// one-channel form.
    @Test func blendIsExactlyRoundedGivenTheWeight() {
        var random = SeededGenerator(seed: 0x0B1E_0D5E)
        print("SingleRoundingBlendTests seed 0x0B1E0D5E")
        var weights: [UInt32] = [0, 1, 32_768, 65_535, 65_536]
        for _ in 0 ..< 8 { weights.append(UInt32(random.next() % 65_537)) }
        var mismatches = 0
        for weight in weights {
            for alpha in UInt32(0) ... 255 {
                for channel in [0, alpha, UInt32(random.next() % UInt64(alpha + 1))] {
                    for destination in UInt32(0) ... 255 {
                        let source = alpha << 24 | channel << 16 | (alpha - channel) << 8 | channel / 2
                        let word = destination << 24 | (255 - destination) << 16 | destination << 8 | destination / 3
                        let blended = ChannelMath.blend(source, alpha: alpha, weight: weight, over: word)
                        for shift in stride(from: UInt32(0), to: 32, by: 8) {
                            let expected = Self.exactlyRounded(source: UInt64((source >> shift) & 0xFF), alpha: UInt64(alpha),
                                                               weight: UInt64(weight), destination: UInt64((word >> shift) & 0xFF))
                            if (blended >> shift) & 0xFF != expected { mismatches += 1 }
                        }
                        let single = ChannelMath.blendAlpha(alpha, weight: weight, over: destination)
                        if single != Self.exactlyRounded(source: UInt64(alpha), alpha: UInt64(alpha), weight: UInt64(weight),
                                                         destination: UInt64(destination)) { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The weight is the real product coverage/32640 × scale/65025 in Q16 rounded up: 0 ≤ W − exact < 1,
    /// for every wide coverage at several scales (opacity 255, opacity × mask products, the smallest).
    @Test func weightIsTheProductRoundedUp() {
        let scales: [UInt32] = [65_025, 255 * 128, 200 * 91, 254 * 255, 1, 0]
        let whole: Int64 = 32_640 * 65_025
        for scale in scales {
            var outside = 0
            for coverage in UInt32(0) ... 32_640 {
                // W − exact in units of 1/(32640 · 65025): exact = coverage · scale · 65536 / (32640 · 65025).
                let scaledWeight = Int64(ChannelMath.weight(coverage: coverage, scale: scale)) * whole
                let exact = Int64(coverage) * Int64(scale) * 65_536
                if scaledWeight < exact || scaledWeight - exact >= whole { outside += 1 }
            }
            #expect(outside == 0, "scale \(scale)")
        }
        #expect(ChannelMath.weight(coverage: 32_640, scale: 65_025) == 65_536)
        #expect((0 ... 255).allSatisfy { ChannelMath.weight(byte: UInt32($0)) == ChannelMath.weight(coverage: UInt32($0) << 7, scale: 65_025) })
    }

    /// Into an empty A8 mask an opaque source at full opacity stores round(255 × area) for every wide
    /// coverage, i.e. exactly `WideCoverage.byte` (the coverage corpus and every clip depend on it).
    @Test func maskBytesAreTheRoundedArea() {
        for coverage in UInt16(0) ... WideCoverage.full {
            let weight = ChannelMath.weight(coverage: UInt32(coverage), scale: 65_025)
            #expect(ChannelMath.blendAlpha(255, weight: weight, over: 0) == UInt32(WideCoverage.byte(coverage)))
        }
    }

    /// Full weight is the plain source-over the vector solid loops compute: s + round(d·(255 − a)/255).
    @Test func fullWeightIsPlainSourceOver() {
        for alpha in UInt32(0) ... 255 {
            for destination in UInt32(0) ... 255 {
                let source = alpha << 24 | alpha << 16 | (alpha / 2) << 8
                let expected = ChannelMath.sourceOver(source, destination * 0x0101_0101, inverseAlpha: 255 - alpha)
                #expect(ChannelMath.blend(source, alpha: alpha, weight: 65_536, over: destination * 0x0101_0101) == expected)
            }
        }
    }
}
