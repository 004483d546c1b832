/// The inverse DCT of rows of blocks into sample rows, with each component's quantization latched as the
/// transforms want it: `Int32` factors for the scalar and reduced transforms, and the vector transform's
/// `Int16` factors where it is exact (none for 16-bit tables, which only the scalar transform takes).
struct JPEGBlockTransformer {
    private let quantization: [[Int32]]
    private let vectorFactors: [[Int16]]
    private let blockSizes: [Int]
    private var workspace = [Int32](repeating: 0, count: 64)
    private let rangeLimit = JPEGInverseDCT.rangeLimitTable()

    /// Each component's latched table (`factors`, natural order) and its samples a block side at the scale.
    init(factors: [[UInt16]], blockSizes: [Int]) {
        quantization = factors.map { table in table.map { Int32($0) } }
        vectorFactors = factors.map { JPEGVectorInverseDCT.factors(quantization: $0) ?? [] }
        self.blockSizes = blockSizes
    }

    /// `blocksWide` × `blockRows` blocks of `component`, rows of `storedBlocksWide` blocks (64 coefficients
    /// each) from `coefficients`, into the samples at `samples`, `stride` apart a row. The caller sizes both:
    /// the coefficients for the blocks, the samples for `blockRows` × the block size rows of `stride`
    /// ≥ `blocksWide` × the block size.
    mutating func transform(component: Int, blocksWide: Int, blockRows: Int, storedBlocksWide: Int,
                            coefficients: UnsafePointer<Int16>, into samples: UnsafeMutablePointer<UInt8>, stride: Int) {
        let blockSize = blockSizes[component]
        quantization[component].withUnsafeBufferPointer { quantization in
            vectorFactors[component].withUnsafeBufferPointer { vectorFactors in
                workspace.withUnsafeMutableBufferPointer { workspace in
                    rangeLimit.withUnsafeBufferPointer { rangeLimit in
                        for blockRow in 0..<blockRows {
                            for blockColumn in 0..<blocksWide {
                                let block = coefficients + (blockRow &* storedBlocksWide &+ blockColumn) &* 64
                                let origin = samples + (blockRow &* blockSize &* stride &+ blockColumn &* blockSize)
                                if blockSize == 8 {
                                    if !vectorFactors.isEmpty, JPEGVectorInverseDCT.transform(block, factors: vectorFactors.baseAddress!,
                                                                                              into: origin, stride: stride) {
                                        continue
                                    }
                                    JPEGInverseDCT.transform(block, quantization: quantization.baseAddress!, workspace: workspace.baseAddress!,
                                                             rangeLimit: rangeLimit.baseAddress!, into: origin, stride: stride)
                                } else {
                                    JPEGReducedInverseDCT.transform(size: blockSize, block, quantization: quantization.baseAddress!,
                                                                    workspace: workspace.baseAddress!, rangeLimit: rangeLimit.baseAddress!,
                                                                    into: origin, stride: stride)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
