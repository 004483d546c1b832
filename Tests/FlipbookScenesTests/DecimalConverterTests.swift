import Testing
@testable import FlipbookScenes

/// The JSON parser's own decimal conversion against the C library's correctly rounded `strtod` (through
/// `Double(String)`), bit for bit: hard cases from the literature, exact halfway points, and seeded random text.
@Suite struct DecimalConverterTests {
    /// The parser's value of `text`, or `nil` when it reports the number out of range.
    static func parsed(_ text: String) throws -> Double? {
        do {
            let node = try JSONParser.parse(text)
            guard case .number(let value) = node.value else {
                Issue.record("\(text) did not parse as a number")
                return nil
            }
            return value
        } catch {
            #expect(error.message == "number \(text) is out of range", "\(text)")
            return nil
        }
    }

    /// Checks `text` against `Double(text)`: the same bits, or out of range exactly when strtod gives infinity.
    static func check(_ text: String, _ comment: String = "") throws {
        let reference = try #require(Double(text), "\(text) is not a Double literal")
        let value = try parsed(text)
        if reference.isInfinite {
            #expect(value == nil, "\(text) should be out of range \(comment)")
        } else {
            #expect(value?.bitPattern == reference.bitPattern, "\(text): \(String(describing: value)) ≠ \(reference) \(comment)")
        }
    }

    @Test(arguments: [
        "0", "-0", "1", "-1", "0.1", "0.2", "0.3", "1.5708", "3.14159", "16384", "86400", "0.68", "-0.55", "1e0",
        "9007199254740993", "9007199254740992.5", "9007199254740993.0000000000000000001", "18014398509481985",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e309",
        "1e-324", "1e-400", "123456789012345678901234567890", "0.000000000000000000000000000001234567890123456789",
        "7.038531e-26", "9.5e-5", "1e23", "8.589973e9", "5e-324", "1e22", "1e-22", "123456789012345e-22",
        "4.35679716629e-4", "1.00000005960464477550", "1.0000000596046447755", "2.9802322387695312e-8",
    ])
    func hardCasesMatchStrtod(text: String) throws {
        try Self.check(text)
    }

    /// (2m + 1) / 2^k with m of 53 bits is exactly halfway between two doubles: ties go to the even one.
    @Test func exactHalfwayPointsRoundToEven() throws {
        let seed: UInt64 = 0x5CE7E5
        print("DecimalConverterTests.exactHalfwayPointsRoundToEven seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let m = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator)
            let k = Int.random(in: 1...20, using: &generator)
            var numerator = UInt128(2 * m + 1)
            for _ in 0..<k { numerator *= 5 }
            var digits = String(numerator)
            while digits.count <= k { digits = "0" + digits }
            let text = String(digits.dropLast(k)) + "." + String(digits.suffix(k))
            try Self.check(text, "(halfway, seed \(seed))")
            try Self.check(text + "1", "(just above halfway, seed \(seed))")
        }
    }

    @Test func randomTextMatchesStrtod() throws {
        let seed: UInt64 = 0xDEC1_3A1
        print("DecimalConverterTests.randomTextMatchesStrtod seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3000 {
            let digitCount = Int.random(in: 1...30, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 0...digitCount, using: &generator)
            var text = point == 0 || point == digitCount ? digits
                : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if point == 0 && Bool.random(using: &generator) { text = "0." + digits }
            if Bool.random(using: &generator) { text += "e" + String(Int.random(in: -345...330, using: &generator)) }
            if Bool.random(using: &generator) { text = "-" + text }
            try Self.check(text, "(seed \(seed))")
        }
    }

    /// Every double printed shortest (Swift's description) and with 17 digits reads back to itself.
    @Test func randomDoublesRoundTrip() throws {
        let seed: UInt64 = 0xD0_0B1E
        print("DecimalConverterTests.randomDoublesRoundTrip seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            try Self.check("\(value)", "(seed \(seed))")
            #expect(try Self.parsed("\(value)")?.bitPattern == value.bitPattern, "\(value) (seed \(seed))")
        }
    }

    @Test func hugeExponentsAndLongDigitStrings() throws {
        #expect(try Self.parsed("1e99999999999999999999") == nil)
        #expect(try Self.parsed("1e-99999999999999999999") == 0)
        #expect(try Self.parsed("0." + String(repeating: "0", count: 2000) + "1e2001") == 1)
        try Self.check("1" + String(repeating: "0", count: 900) + "e-900")
        try Self.check("0.5" + String(repeating: "0", count: 1000) + "1")
    }
}
