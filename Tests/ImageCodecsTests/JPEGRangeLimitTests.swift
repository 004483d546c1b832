import Testing
@testable import ImageCodecs

/// The post-IDCT range limit against libjpeg's own construction (jdmaster.c's `prepare_range_limit_table`, as
/// its comment lays the table out): the simple table (0 below zero, x for 0 … 255), then from CENTERJSAMPLE on
/// MAXJSAMPLE up to 2 × 256, zeros for the next 2 × 256 − 128 entries, and 0 … 127 copied at the end.
@Suite struct JPEGRangeLimitTests {
    static func libjpegPostIDCTTable() -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 5 * 256 + 128)
        let simple = 256  // `table += MAXJSAMPLE + 1`: negative subscripts allowed
        for i in 0 ... 255 { table[simple + i] = UInt8(i) }
        let post = simple + 128  // `table += CENTERJSAMPLE`
        for i in 128 ..< 2 * 256 { table[post + i] = 255 }
        for i in 0 ..< 2 * 256 - 128 { table[post + 2 * 256 + i] = 0 }
        for i in 0 ..< 128 { table[post + 4 * 256 - 128 + i] = table[simple + i] }
        return Array(table[post ..< post + 1024])
    }

    @Test func equalsLibjpegsTable() {
        let ours = JPEGInverseDCT.rangeLimitTable()
        #expect(ours == Self.libjpegPostIDCTTable())
        #expect(ours[400] == 255 && ours[511] == 255 && ours[512] == 0)  // 528 and 639 are over-range, not negative
    }
}
