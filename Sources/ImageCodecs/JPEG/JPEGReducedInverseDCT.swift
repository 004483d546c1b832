/// libjpeg's reduced-size inverse DCTs (jidctred.c: 4×4, 2×2 and 1×1 samples from an 8×8 block), the ones
/// `djpeg -scale 1/2`, `1/4` and `1/8` use, reproduced operation for operation: each 8-point 1-D step of the
/// accurate integer IDCT is replaced by one giving the averages of 2 (or 4) adjacent outputs, with the same
/// 13-bit constants (those it shares come from ``JPEGInverseDCT``) and 2 extra bits between the passes.
/// 32-bit arithmetic wraps as in ``JPEGInverseDCT``.
enum JPEGReducedInverseDCT {
    private static let fix0_211164243: Int32 = 1730
    private static let fix0_509795579: Int32 = 4176
    private static let fix0_601344887: Int32 = 4926
    private static let fix0_720959822: Int32 = 5906
    private static let fix0_850430095: Int32 = 6967
    private static let fix1_061594337: Int32 = 8697
    private static let fix1_272758580: Int32 = 10426
    private static let fix1_451774981: Int32 = 11893
    private static let fix2_172734803: Int32 = 17799
    private static let fix3_624509785: Int32 = 29692

    /// `value` shifted right by `shift` bits, rounded (libjpeg's DESCALE).
    @inline(__always)
    private static func descaled(_ value: Int32, _ shift: Int32) -> Int32 {
        (value &+ (1 << (shift &- 1))) >> shift
    }

    /// Transforms one block into `size` × `size` samples (`size` 4, 2 or 1) at `output`, `stride` bytes a row;
    /// the arguments are those of ``JPEGInverseDCT/transform(_:quantization:workspace:rangeLimit:into:stride:)``.
    static func transform(size: Int, _ coefficients: UnsafePointer<Int16>, quantization: UnsafePointer<Int32>,
                          workspace: UnsafeMutablePointer<Int32>, rangeLimit: UnsafePointer<UInt8>,
                          into output: UnsafeMutablePointer<UInt8>, stride: Int) {
        switch size {
        case 4: transform4(coefficients, quantization, workspace, rangeLimit, output, stride)
        case 2: transform2(coefficients, quantization, workspace, rangeLimit, output, stride)
        default: output[0] = rangeLimit[Int(descaled(Int32(coefficients[0]) &* quantization[0], 3)) & 1023]
        }
    }

    /// The odd part of the 8-to-4 step: the differences that pair with the even part's sums.
    @inline(__always)
    private static func oddFour(_ v1: Int32, _ v3: Int32, _ v5: Int32, _ v7: Int32) -> (Int32, Int32) {
        let first = v7 &* -fix0_211164243 &+ v5 &* fix1_451774981 &+ v3 &* -fix2_172734803 &+ v1 &* fix1_061594337
        let second = v7 &* -fix0_509795579 &+ v5 &* -fix0_601344887
            &+ v3 &* JPEGInverseDCT.fix0_899976223 &+ v1 &* JPEGInverseDCT.fix2_562915447
        return (first, second)
    }

    /// The odd part of the 8-to-2 step.
    @inline(__always)
    private static func oddTwo(_ v1: Int32, _ v3: Int32, _ v5: Int32, _ v7: Int32) -> Int32 {
        v7 &* -fix0_720959822 &+ v5 &* fix0_850430095 &+ v3 &* -fix1_272758580 &+ v1 &* fix3_624509785
    }

    private static func transform4(_ input: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int32>,
                                   _ workspace: UnsafeMutablePointer<Int32>, _ rangeLimit: UnsafePointer<UInt8>,
                                   _ output: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        // Columns into the workspace (8 wide, 4 rows); column 4 is never read by the row pass.
        for column in 0..<8 where column != 4 {
            @inline(__always) func value(_ row: Int) -> Int32 {
                Int32(input[row &* 8 &+ column]) &* quantization[row &* 8 &+ column]
            }
            let c = input + column
            if c[8] | c[16] | c[24] | c[40] | c[48] | c[56] == 0 {
                let dc = value(0) << 2
                for row in 0..<4 { workspace[row &* 8 &+ column] = dc }
                continue
            }
            let even0 = value(0) << 14
            let even2 = value(2) &* JPEGInverseDCT.fix1_847759065 &+ value(6) &* -JPEGInverseDCT.fix0_765366865
            let tmp10 = even0 &+ even2, tmp12 = even0 &- even2
            let (odd0, odd2) = oddFour(value(1), value(3), value(5), value(7))
            workspace[column] = descaled(tmp10 &+ odd2, 12)
            workspace[24 &+ column] = descaled(tmp10 &- odd2, 12)
            workspace[8 &+ column] = descaled(tmp12 &+ odd0, 12)
            workspace[16 &+ column] = descaled(tmp12 &- odd0, 12)
        }
        for row in 0..<4 {
            let w = workspace + row &* 8
            let out = output + row &* stride
            if w[1] | w[2] | w[3] | w[5] | w[6] | w[7] == 0 {
                out.update(repeating: rangeLimit[Int(descaled(w[0], 5)) & 1023], count: 4)
                continue
            }
            let even0 = w[0] << 14
            let even2 = w[2] &* JPEGInverseDCT.fix1_847759065 &+ w[6] &* -JPEGInverseDCT.fix0_765366865
            let tmp10 = even0 &+ even2, tmp12 = even0 &- even2
            let (odd0, odd2) = oddFour(w[1], w[3], w[5], w[7])
            out[0] = rangeLimit[Int(descaled(tmp10 &+ odd2, 19)) & 1023]
            out[3] = rangeLimit[Int(descaled(tmp10 &- odd2, 19)) & 1023]
            out[1] = rangeLimit[Int(descaled(tmp12 &+ odd0, 19)) & 1023]
            out[2] = rangeLimit[Int(descaled(tmp12 &- odd0, 19)) & 1023]
        }
    }

    private static func transform2(_ input: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int32>,
                                   _ workspace: UnsafeMutablePointer<Int32>, _ rangeLimit: UnsafePointer<UInt8>,
                                   _ output: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        // Columns 0, 1, 3, 5 and 7 into the workspace (8 wide, 2 rows); the row pass reads no other.
        var column = 0
        while column < 8 {
            defer { column = column == 0 ? 1 : column &+ 2 }
            @inline(__always) func value(_ row: Int) -> Int32 {
                Int32(input[row &* 8 &+ column]) &* quantization[row &* 8 &+ column]
            }
            let c = input + column
            if c[8] | c[24] | c[40] | c[56] == 0 {
                let dc = value(0) << 2
                workspace[column] = dc
                workspace[8 &+ column] = dc
                continue
            }
            let even = value(0) << 15
            let odd = oddTwo(value(1), value(3), value(5), value(7))
            workspace[column] = descaled(even &+ odd, 13)
            workspace[8 &+ column] = descaled(even &- odd, 13)
        }
        for row in 0..<2 {
            let w = workspace + row &* 8
            let out = output + row &* stride
            if w[1] | w[3] | w[5] | w[7] == 0 {
                out.update(repeating: rangeLimit[Int(descaled(w[0], 5)) & 1023], count: 2)
                continue
            }
            let even = w[0] << 15
            let odd = oddTwo(w[1], w[3], w[5], w[7])
            out[0] = rangeLimit[Int(descaled(even &+ odd, 20)) & 1023]
            out[1] = rangeLimit[Int(descaled(even &- odd, 20)) & 1023]
        }
    }
}
