import FixedPoint

/// The box widths of three successive box blurs whose result approximates a Gaussian of σ = radius / 2
/// (the "boxes for Gauss" construction: widths wl and wl + 2 mixed so the variances add up to σ²).
struct BoxBlurPlan {
    /// Odd box widths of the three passes.
    let widths: (Int, Int, Int)

    init(radius: Fixed) {
        // 12σ² in Q16 pixels², σ = radius / 2 → 3·radius².
        let twelveSigmaSquared = 3 &* Int64(radius.raw) &* Int64(radius.raw) &>> 16
        if twelveSigmaSquared < 1 << 16 {
            widths = (1, 1, 1)
            return
        }
        // Ideal width √(12σ²/3 + 1), rounded down to odd.
        let ideal = Int(IntegerSquareRoot.nearest(UInt64(twelveSigmaSquared / 3 &+ (1 << 16))) &>> 8)
        let lower = ideal % 2 == 0 ? ideal - 1 : ideal
        let lowerSquared = Int64(lower * lower) << 16
        // m = round((12σ² − 3·wl² − 12·wl − 9) / (−4·wl − 4)): how many passes use wl.
        let numerator = twelveSigmaSquared &- 3 &* lowerSquared &- Int64(12 * lower + 9) << 16
        let denominator = Int64(-4 * lower - 4) << 16
        let lowerCount = Int((numerator * 2 / denominator + 1) / 2)
        func width(_ pass: Int) -> Int { pass < lowerCount ? lower : lower + 2 }
        widths = (width(0), width(1), width(2))
    }

    /// The width of pass 0, 1 or 2.
    func box(_ pass: Int) -> Int { pass == 0 ? widths.0 : pass == 1 ? widths.1 : widths.2 }

    /// How far the blur spreads a pixel: the sum of the three half widths.
    var reach: Int { (widths.0 / 2) + (widths.1 / 2) + (widths.2 / 2) }
}

/// One box-blur pass over an A8 buffer with running sums (zero outside the buffer), rounding to nearest.
enum BoxBlur {
    static func horizontal(from source: UnsafeMutablePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
                           width: Int, height: Int, box: Int) {
        let half = box / 2
        let reciprocal = (UInt32(1) << 24) / UInt32(box) &+ 1
        for row in 0..<height {
            let input = source + row &* width, output = destination + row &* width
            var sum: UInt32 = 0
            for x in 0..<Swift.min(half, width) { sum &+= UInt32(input[x]) }
            for x in 0..<width {
                if x &+ half < width { sum &+= UInt32(input[x &+ half]) }
                output[x] = UInt8(truncatingIfNeeded: (sum &* reciprocal &+ (1 << 23)) &>> 24)
                if x &- half >= 0 { sum &-= UInt32(input[x &- half]) }
            }
        }
    }

    static func vertical(from source: UnsafeMutablePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>,
                         width: Int, height: Int, box: Int, sums: UnsafeMutablePointer<UInt32>) {
        let half = box / 2
        let reciprocal = (UInt32(1) << 24) / UInt32(box) &+ 1
        sums.update(repeating: 0, count: width)
        for row in 0..<Swift.min(half, height) {
            for x in 0..<width { sums[x] &+= UInt32(source[row &* width &+ x]) }
        }
        for row in 0..<height {
            if row &+ half < height {
                let incoming = source + (row &+ half) &* width
                for x in 0..<width { sums[x] &+= UInt32(incoming[x]) }
            }
            let output = destination + row &* width
            for x in 0..<width { output[x] = UInt8(truncatingIfNeeded: (sums[x] &* reciprocal &+ (1 << 23)) &>> 24) }
            if row &- half >= 0 {
                let outgoing = source + (row &- half) &* width
                for x in 0..<width { sums[x] &-= UInt32(outgoing[x]) }
            }
        }
    }
}
