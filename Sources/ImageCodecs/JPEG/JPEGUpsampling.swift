/// One row of a subsampled component brought to full resolution, as libjpeg-turbo's jdsample.c does it with
/// `do_fancy_upsampling` (djpeg's default): a triangle filter for 2×1 (`h2v1_fancy_upsample`), 1×2
/// (`h1v2_fancy_upsample`) and 2×2 (`h2v2_fancy_upsample`) — replication when the component is at most two
/// samples wide, or when the picture is decoded at 1/8 (``JPEGScaledLayout``) — and plain replication
/// (`int_upsample`) for other integer ratios (4:1:1, 4×4 …). Image edges repeat the outermost sample row and
/// column, as libjpeg's context rows do.
struct JPEGUpsampler {
    enum Method { case none, fancyHorizontal, fancyVertical, fancyBoth, replicate }

    let method: Method
    let horizontalRatio: Int
    let verticalRatio: Int
    let sampleWidth: Int
    let sampleHeight: Int
    let planeStride: Int

    /// Component `index` of `frame` at `layout`'s scale, its samples `planeStride` apart a row.
    init(component index: Int, frame: JPEGFrame, layout: JPEGScaledLayout, planeStride: Int) {
        (horizontalRatio, verticalRatio) = layout.ratios(of: index, in: frame)
        sampleWidth = layout.sampleWidths[index]
        sampleHeight = layout.sampleHeights[index]
        self.planeStride = planeStride
        let fancy = layout.fancyUpsampling
        switch (horizontalRatio, verticalRatio) {
        case (1, 1): method = .none
        case (2, 1): method = fancy && sampleWidth > 2 ? .fancyHorizontal : .replicate
        case (1, 2): method = fancy ? .fancyVertical : .replicate
        case (2, 2): method = fancy && sampleWidth > 2 ? .fancyBoth : .replicate
        default: method = .replicate
        }
    }

    /// Writes output row `y` (`width` samples) of the component whose samples are `plane` (`planeStride` a row,
    /// `sampleHeight` rows at least) into `row`. The frame layout guarantees `width ≤ sampleWidth × horizontalRatio`
    /// and `sampleWidth ≤ planeStride`, so every access stays inside both buffers.
    func upsample(_ plane: UnsafePointer<UInt8>, outputRow y: Int, width: Int, into row: UnsafeMutablePointer<UInt8>) {
        let inputRow = y / verticalRatio
        let current = plane + inputRow &* planeStride
        // The neighbouring sample row a vertical triangle filter weighs 1/4: above for the upper output row of
        // a pair, below for the lower one, clamped to the image.
        let lower = y % 2 == 1
        let neighbourRow = lower ? min(inputRow + 1, sampleHeight - 1) : max(inputRow - 1, 0)
        let neighbour = plane + neighbourRow &* planeStride
        switch method {
        case .none:
            row.update(from: current, count: width)
        case .replicate:
            for x in 0..<width { row[x] = current[x / horizontalRatio] }
        case .fancyHorizontal:
            horizontalTriangle(width: width, shift: 2, evenBias: 1, oddBias: 2, into: row) { Int32(current[$0]) }
        case .fancyVertical:
            let bias: Int32 = lower ? 2 : 1
            for x in 0..<width {
                row[x] = UInt8(truncatingIfNeeded: (Int32(current[x]) &* 3 &+ Int32(neighbour[x]) &+ bias) >> 2)
            }
        case .fancyBoth:
            horizontalTriangle(width: width, shift: 4, evenBias: 8, oddBias: 7, into: row) {
                Int32(current[$0]) &* 3 &+ Int32(neighbour[$0])
            }
        }
    }

    /// The horizontal triangle filter over column sums (a sample, or 3× + 1× across two rows): output 2i is
    /// (3 sum[i] + sum[i−1] + evenBias) >> shift, output 2i+1 is (3 sum[i] + sum[i+1] + oddBias) >> shift — the
    /// alternating biases (1, 2 for h2v1; 8, 7 for h2v2) libjpeg uses so that rounding does not drift. The sums
    /// slide along (each column's is computed once). Every column but the last writes both its outputs
    /// unchecked: `width` is at least 2 × `sampleWidth` − 1, so 2i + 1 < `width` for i < `sampleWidth` − 1.
    @inline(__always)
    private func horizontalTriangle(width: Int, shift: Int32, evenBias: Int32, oddBias: Int32,
                                    into row: UnsafeMutablePointer<UInt8>, _ sum: (Int) -> Int32) {
        let last = sampleWidth - 1
        var left = sum(0), here = left
        var out = row
        for column in 0..<last {
            let right = sum(column &+ 1)
            let tripled = here &* 3
            out[0] = UInt8(truncatingIfNeeded: (tripled &+ left &+ evenBias) >> shift)
            out[1] = UInt8(truncatingIfNeeded: (tripled &+ right &+ oddBias) >> shift)
            out += 2
            left = here
            here = right
        }
        // The last column repeats its own sum on the right, and its odd output may fall outside the row.
        let even = 2 &* last, tripled = here &* 3
        if even < width { row[even] = UInt8(truncatingIfNeeded: (tripled &+ left &+ evenBias) >> shift) }
        if even &+ 1 < width { row[even &+ 1] = UInt8(truncatingIfNeeded: (tripled &+ here &+ oddBias) >> shift) }
    }
}
