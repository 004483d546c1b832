import Testing
@testable import FixedPoint

@Suite struct WideFixedTests {
    @Test func conversionsValidateAndRound() throws {
        #expect(try WideFixed(exactly: 1.5).raw == 3 << 31)
        #expect(try WideFixed(exactly: -1.0 / 500).raw == -8_589_935)  // −8589934.592
        #expect(WideFixed(Fixed(raw: 3)).raw == 3 << 16)
        #expect(WideFixed(raw: 0x1_8000).roundedToFixed == Fixed(raw: 2))  // 1.5 LSB of Q16.16 rounds up
        #expect(WideFixed(raw: Int64(1) << 48).roundedToFixed == nil)
        #expect(throws: FixedPointError.notFinite(field: "m34", value: .infinity)) {
            try WideFixed(exactly: .infinity, field: "m34")
        }
        #expect(throws: FixedPointError.notFinite(field: nil, value: .nan)) { try WideFixed(exactly: .nan) }
        #expect(throws: FixedPointError.outOfRange(field: nil, value: 40_000, range: -32768...32768)) {
            try WideFixed(exactly: 40_000)
        }
    }

    @Test func productsMatchExactReferenceOrReportOverflow() {
        var generator = SeededGenerator(seed: 0xF1_0050, test: "productsMatchExactReferenceOrReportOverflow")
        for _ in 0..<100_000 {
            let a = Int64(bitPattern: generator.next()) >> Int64.random(in: 8...40, using: &generator)
            let b = Int64(bitPattern: generator.next()) >> Int64.random(in: 8...40, using: &generator)
            let exact = Int128(a) * Int128(b)
            let expected = (exact + (Int128(1) << 31)) >> 32  // to nearest, ties toward +∞
            let observed = WideFixed(raw: a).multipliedReportingOverflow(by: WideFixed(raw: b))
            if let value = Int64(exactly: expected) {
                guard observed?.raw == value else {
                    Issue.record("\(hex(a)) × \(hex(b)): expected \(hex(value)), observed \(observed.map { hex($0.raw) } ?? "overflow")")
                    return
                }
            } else if observed != nil {
                Issue.record("\(hex(a)) × \(hex(b)) overflows but gave \(hex(observed!.raw))")
                return
            }
        }
    }

    @Test func errorsDescribeFieldAndValue() {
        #expect(FixedPointError.notFinite(field: "opacity", value: .nan).description == "opacity must be a finite number (got nan)")
        #expect(FixedPointError.outOfRange(field: nil, value: 5, range: 0...1).description == "value 5.0 is outside 0.0 … 1.0")
        #expect(FixedPointError.overflow(operation: "Transform3D.project").description.hasPrefix("Transform3D.project"))
    }
}
