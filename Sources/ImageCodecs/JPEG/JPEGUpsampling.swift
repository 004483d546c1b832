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
    let planeRows: Int

    /// Component `index` of `frame` at `layout`'s scale, its samples `planeStride` apart a row in a plane of
    /// `planeRows` rows: the whole component, or a ring that sample row r is kept in at r mod `planeRows`.
    init(component index: Int, frame: JPEGFrame, layout: JPEGScaledLayout, planeStride: Int, planeRows: Int) {
        (horizontalRatio, verticalRatio) = layout.ratios(of: index, in: frame)
        sampleWidth = layout.sampleWidths[index]
        sampleHeight = layout.sampleHeights[index]
        self.planeStride = planeStride
        self.planeRows = planeRows
        let fancy = layout.fancyUpsampling
        switch (horizontalRatio, verticalRatio) {
        case (1, 1): method = .none
        case (2, 1): method = fancy && sampleWidth > 2 ? .fancyHorizontal : .replicate
        case (1, 2): method = fancy ? .fancyVertical : .replicate
        case (2, 2): method = fancy && sampleWidth > 2 ? .fancyBoth : .replicate
        default: method = .replicate
        }
    }

    /// Writes output row `y` (`width` samples) of the component whose samples are `plane` (`planeRows` rows of
    /// `planeStride`, holding the sample rows `y` needs) into `row`. The frame layout guarantees
    /// `width ≤ sampleWidth × horizontalRatio` and `sampleWidth ≤ planeStride`, so every access stays inside both buffers.
    func upsample(_ plane: UnsafePointer<UInt8>, outputRow y: Int, width: Int, into row: UnsafeMutablePointer<UInt8>) {
        let inputRow = y / verticalRatio
        let current = plane + (inputRow % planeRows) &* planeStride
        // The neighbouring sample row a vertical triangle filter weighs 1/4: above for the upper output row of
        // a pair, below for the lower one, clamped to the image.
        let lower = y % 2 == 1
        let neighbourRow = lower ? min(inputRow + 1, sampleHeight - 1) : max(inputRow - 1, 0)
        let neighbour = plane + (neighbourRow % planeRows) &* planeStride
        switch method {
        case .none:
            row.update(from: current, count: width)
        case .replicate:
            for x in 0..<width { row[x] = current[x / horizontalRatio] }
        case .fancyHorizontal:
            horizontalTriangle(width: width, shift: 2, evenBias: 1, oddBias: 2, into: row, sums: OneRow(row: current))
        case .fancyVertical:
            let bias: Int32 = lower ? 2 : 1
            for x in 0..<width {
                row[x] = UInt8(truncatingIfNeeded: (Int32(current[x]) &* 3 &+ Int32(neighbour[x]) &+ bias) >> 2)
            }
        case .fancyBoth:
            horizontalTriangle(width: width, shift: 4, evenBias: 8, oddBias: 7, into: row,
                               sums: NearerRowTripled(row: current, neighbour: neighbour))
        }
    }

    /// The horizontal triangle filter over column sums (a sample, or 3× + 1× across two rows): output 2i is
    /// (3 sum[i] + sum[i−1] + evenBias) >> shift, output 2i+1 is (3 sum[i] + sum[i+1] + oddBias) >> shift — the
    /// alternating biases (1, 2 for h2v1; 8, 7 for h2v2) libjpeg uses so that rounding does not drift; the
    /// outermost columns repeat their own sum outside.
    /// Eight columns at a time from column 1 while column + 8 ≤ the last (so every sum read is inside the
    /// samples), their 16 outputs as one store: `width` is at least 2 × `sampleWidth` − 1, so those are inside
    /// the row. The columns left over go one at a time, checked against `width`.
    @inline(__always)
    private func horizontalTriangle(width: Int, shift: Int16, evenBias: Int16, oddBias: Int16,
                                    into row: UnsafeMutablePointer<UInt8>, sums: some ColumnSums) {
        let last = sampleWidth - 1
        @inline(__always) func outputs(of column: Int) {
            let here = sums.one(column), tripled = here &* 3
            let left = column == 0 ? here : sums.one(column &- 1), right = column == last ? here : sums.one(column &+ 1)
            let even = 2 &* column
            if even < width { row[even] = UInt8(truncatingIfNeeded: (tripled &+ left &+ evenBias) &>> shift) }
            if even &+ 1 < width { row[even &+ 1] = UInt8(truncatingIfNeeded: (tripled &+ right &+ oddBias) &>> shift) }
        }
        outputs(of: 0)
        var column = 1
        while column &+ 8 <= last {
            let tripled = sums.eight(column) &* 3
            let even = (tripled &+ sums.eight(column &- 1) &+ evenBias) &>> shift
            let odd = (tripled &+ sums.eight(column &+ 1) &+ oddBias) &>> shift
            // Each lane's two outputs, even then odd, as the lane's two bytes (little-endian).
            UnsafeMutableRawPointer(row + 2 &* column).storeBytes(of: even | odd &<< 8, as: SIMD8<Int16>.self)
            column &+= 8
        }
        while column <= last {
            outputs(of: column)
            column &+= 1
        }
    }
}

/// The column sums a horizontal triangle filter weighs: one column's, or eight from a column in 16-bit lanes.
private protocol ColumnSums {
    func one(_ column: Int) -> Int16
    func eight(_ column: Int) -> SIMD8<Int16>
}

/// Eight samples widened to 16-bit lanes.
@inline(__always)
private func widened(_ samples: UnsafePointer<UInt8>) -> SIMD8<Int16> {
    SIMD8<Int16>(truncatingIfNeeded: UnsafeRawPointer(samples).loadUnaligned(as: SIMD8<UInt8>.self))
}

/// h2v1: a column's sum is its sample.
private struct OneRow: ColumnSums {
    let row: UnsafePointer<UInt8>
    @inline(__always) func one(_ column: Int) -> Int16 { Int16(row[column]) }
    @inline(__always) func eight(_ column: Int) -> SIMD8<Int16> { widened(row + column) }
}

/// h2v2: 3 × the sample in the nearer input row + the one in the neighbouring row.
private struct NearerRowTripled: ColumnSums {
    let row: UnsafePointer<UInt8>
    let neighbour: UnsafePointer<UInt8>
    @inline(__always) func one(_ column: Int) -> Int16 { Int16(row[column]) &* 3 &+ Int16(neighbour[column]) }
    @inline(__always) func eight(_ column: Int) -> SIMD8<Int16> { widened(row + column) &* 3 &+ widened(neighbour + column) }
}
