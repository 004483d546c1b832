import Testing
@testable import FixedPoint

@Suite struct ColorTests {
    @Test func premultiplyIsCorrectlyRoundedForAll65536Pairs() {
        for alpha in 0...255 {
            for channel in 0...255 {
                let color = Color(red: UInt8(channel), green: 0, blue: 255, alpha: UInt8(alpha))
                let expected = (Double(channel * alpha) / 255).rounded(.toNearestOrAwayFromZero)
                let observed = color.premultiplied()
                guard Double(observed.red) == expected, observed.alpha == UInt8(alpha),
                    observed.blue == UInt8(alpha)
                else {
                    Issue.record("premultiply(\(hex(channel)), alpha \(hex(alpha))): expected \(expected), observed \(hex(observed.red))")
                    return
                }
            }
        }
    }

    @Test func unpremultiplyIsCorrectlyRoundedForEveryValidPair() throws {
        for alpha in 1...255 {
            for channel in 0...alpha {
                let color = try PremultipliedColor(red: UInt8(channel), green: 0, blue: UInt8(alpha), alpha: UInt8(alpha))
                // Ties (e.g. 1 · 255 / 2 = 127.5) round away from zero.
                let expected = (Double(channel * 255) / Double(alpha)).rounded(.toNearestOrAwayFromZero)
                let observed = color.unpremultiplied()
                guard Double(observed.red) == expected, observed.blue == 255, observed.green == 0 else {
                    Issue.record("unpremultiply(\(hex(channel)), alpha \(hex(alpha))): expected \(expected), observed \(hex(observed.red))")
                    return
                }
            }
        }
        #expect(PremultipliedColor.clear.unpremultiplied() == .clear)
    }

    @Test func roundTripThroughPremultipliedIsExactForOpaqueAndWithinHalfStepOtherwise() {
        for alpha in 1...255 {
            for channel in 0...255 {
                let color = Color(red: UInt8(channel), green: 0, blue: 0, alpha: UInt8(alpha))
                let back = Int(color.premultiplied().unpremultiplied().red)
                // Premultiplying loses up to 0.5 of a 1/alpha step: the error is at most 255 / (2·alpha) + 0.5.
                guard Double(abs(back - channel)) <= 127.5 / Double(alpha) + 0.5 else {
                    Issue.record("round trip \(hex(channel)) at alpha \(hex(alpha)) gave \(hex(back))")
                    return
                }
                if alpha == 255 && back != channel { Issue.record("opaque round trip changed \(channel) to \(back)") }
            }
        }
    }

    @Test func invalidPremultipliedChannelIsRefused() {
        #expect(throws: FixedPointError.channelExceedsAlpha(channel: 200, alpha: 100)) {
            try PremultipliedColor(red: 10, green: 200, blue: 0, alpha: 100)
        }
    }

    @Test func interpolationRoundsAndSaturatesOnlyOutsideTheUnitInterval() {
        let start = Color(red: 0, green: 100, blue: 255, alpha: 255)
        let end = Color(red: 255, green: 101, blue: 0, alpha: 0)
        #expect(start.interpolated(to: end, by: .zero) == start)
        #expect(start.interpolated(to: end, by: .one) == end)
        let half = start.interpolated(to: end, by: Progress(raw: 1 << 14))
        #expect(half == Color(red: 128, green: 101, blue: 128, alpha: 128))  // 127.5 and 100.5 round up
        let overshoot = start.interpolated(to: end, by: Progress(raw: 3 << 14))  // 1.5
        #expect(overshoot == Color(red: 255, green: 102, blue: 0, alpha: 0))
        let undershoot = start.interpolated(to: end, by: Progress(raw: -(1 << 14)))
        #expect(undershoot == Color(red: 0, green: 100, blue: 255, alpha: 255))
    }

    @Test func interpolationMatchesReferenceForEveryChannelPairAtSampledProgress() {
        for progressRaw in stride(from: Int32(0), through: 1 << 15, by: 1021) {
            let progress = Progress(raw: progressRaw)
            for a in stride(from: 0, through: 255, by: 5) {
                for b in 0...255 {
                    let observed = Color(red: UInt8(a), green: 0, blue: 0).interpolated(
                        to: Color(red: UInt8(b), green: 0, blue: 0), by: progress
                    ).red
                    let expected = (Double(a) + Double(b - a) * Double(progressRaw) / 32768 + 0.5).rounded(.down)
                    guard Double(observed) == expected else {
                        Issue.record("lerp(\(a), \(b), \(hex(progressRaw))): expected \(expected), observed \(observed)")
                        return
                    }
                }
            }
        }
    }

    @Test func premultipliedInterpolationStaysValid() throws {
        let start = try PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
        let end = try PremultipliedColor(red: 200, green: 100, blue: 0, alpha: 200)
        let mid = start.interpolated(to: end, by: Progress(raw: 1 << 14))
        #expect(mid == (try PremultipliedColor(red: 100, green: 50, blue: 0, alpha: 100)))
        #expect(start.interpolated(to: end, by: Progress(raw: 2 << 15)) == end)
    }
}
