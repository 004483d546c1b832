/// From coefficients to pixels: the inverse DCT of every block into a sample plane per component, then row by
/// row upsampling and libjpeg's YCbCr→RGB (`JPEGColorConversion`), each
/// pixel written where the EXIF orientation puts it.
extension JPEGDecoder {
    /// True when three components hold RGB rather than YCbCr (libjpeg's guess: JFIF means YCbCr, else Adobe's
    /// transform 0, else the component ids 'R', 'G', 'B').
    private func isRGB(_ frame: JPEGFrame) -> Bool {
        if sawJFIF { return false }
        if let adobeTransform { return adobeTransform == 0 }
        return frame.components.map { $0.id } == [82, 71, 66]
    }

    /// The decoded picture at `scale`, then reduced to what `bound` keeps when there is one — at the smallest
    /// scale that still covers the bound's size. The coefficients are released once transformed, before the
    /// RGBA is allocated.
    mutating func pixels(scale requested: JPEGScale = .full, within bound: ImageDisplayBound? = nil) throws(JPEGError) -> PixelImage {
        guard let frame else { throw JPEGError(marker: 0xD9, offset: bytes.count, message: "no frame header (SOF)") }
        let swapped = JPEGOrientation.swapsAxes(orientation)
        var scale = requested
        var shown: (width: Int, height: Int)?
        if let bound {
            let upright = bound.reducedSize(sourceWidth: swapped ? frame.height : frame.width,
                                            sourceHeight: swapped ? frame.width : frame.height)
            let stored = swapped ? (width: upright.height, height: upright.width) : upright
            shown = stored
            scale = JPEGScale.covering(width: stored.width, height: stored.height,
                                       sourceWidth: frame.width, sourceHeight: frame.height)
        }
        let layout = JPEGScaledLayout(frame: frame, scale: scale)
        var planes: [[UInt8]] = []
        var upsamplers: [JPEGUpsampler] = []
        var workspace = [Int32](repeating: 0, count: 64)
        let rangeLimit = JPEGInverseDCT.rangeLimitTable()
        for (index, component) in frame.components.enumerated() {
            guard let factors = componentQuantization[index] else {
                throw JPEGError(marker: 0xD9, offset: bytes.count, message: "component \(component.id) is in no scan")
            }
            let quantization = factors.map { Int32($0) }
            // Empty for 16-bit tables, which only the scalar transform takes.
            let vectorFactors = JPEGVectorInverseDCT.factors(quantization: factors) ?? []
            let blockSize = layout.blockSizes[index]
            let stride = component.blocksWide * blockSize
            // The transform writes every sample of the plane (`blocksWide` × `blocksHigh` blocks).
            let plane = [UInt8](unsafeUninitializedCapacity: stride * component.blocksHigh * blockSize) { plane, initialized in
                coefficients.withUnsafeBufferPointer { coefficients in
                    quantization.withUnsafeBufferPointer { quantization in
                        workspace.withUnsafeMutableBufferPointer { workspace in
                            rangeLimit.withUnsafeBufferPointer { rangeLimit in
                                vectorFactors.withUnsafeBufferPointer { vectorFactors in
                                    transformBlocks(of: component, blockSize: blockSize, coefficients: coefficients.baseAddress!,
                                                    quantization: quantization.baseAddress!, vectorFactors: vectorFactors.isEmpty ? nil : vectorFactors.baseAddress,
                                                    workspace: workspace.baseAddress!, rangeLimit: rangeLimit.baseAddress!,
                                                    into: plane.baseAddress!, stride: stride)
                                }
                            }
                        }
                    }
                }
                initialized = plane.count
            }
            planes.append(plane)
            upsamplers.append(JPEGUpsampler(component: index, frame: frame, layout: layout, planeStride: stride))
        }
        coefficients = []
        let colorLayout: ColorLayout = planes.count == 1 ? .grey : isRGB(frame) ? .rgb : .yCbCr
        var rows = RowSource(planes: planes, upsamplers: upsamplers, width: layout.width, layout: colorLayout)
        if let shown, shown.width < layout.width || shown.height < layout.height {
            return try reducedPixels(&rows, width: layout.width, height: layout.height, to: shown)
        }
        let width = layout.width, height = layout.height
        let orientation = self.orientation
        // Every pixel is written exactly once (the orientation is a bijection), so the RGBA starts uninitialized.
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { rgba, initialized in
            for y in 0..<height {
                // Orientation maps a row to a line of the output: a start and a step, in pixels.
                let start = JPEGOrientation.destination(x: 0, y: y, width: width, height: height, orientation: orientation)
                let step = JPEGOrientation.destination(x: 1, y: y, width: width, height: height, orientation: orientation) - start
                rows.convert(row: y, into: UnsafeMutableRawPointer(rgba.baseAddress! + start * 4), step: step * 4)
            }
            initialized = width * height * 4
        }
        guard let image = PixelImage(width: swapped ? height : width, height: swapped ? width : height, rgba: rgba) else {
            throw JPEGError(marker: 0xD9, offset: bytes.count, message: "picture of \(rgba.count) bytes does not match \(width)×\(height)")
        }
        return image
    }

    /// The `width` × `height` picture of `rows` reduced (exact-area) to `size` (in the stored orientation), one
    /// converted row at a time, then turned by its orientation: only one row of the larger picture is ever held
    /// in RGBA.
    private func reducedPixels(_ rows: inout RowSource, width: Int, height: Int,
                               to size: (width: Int, height: Int)) throws(JPEGError) -> PixelImage {
        let reduction: AreaReduction
        do { reduction = try AreaReduction(sourceWidth: width, sourceHeight: height, width: size.width, height: size.height) } catch {
            throw JPEGError(marker: 0xD9, offset: bytes.count, message: error.message)
        }
        var reducing = reduction
        var line = [UInt8](repeating: 0, count: width * 4)
        line.withUnsafeMutableBufferPointer { line in
            for y in 0..<height {
                rows.convert(row: y, into: UnsafeMutableRawPointer(line.baseAddress!), step: 4)
                reducing.add(row: UnsafePointer(line.baseAddress!))
            }
        }
        return JPEGOrientation.turned(reducing.image()!, orientation: orientation)
    }

    /// The full-resolution rows of the picture: each component's row upsampled, then converted to RGBA.
    private struct RowSource {
        var planes: [[UInt8]]
        var upsamplers: [JPEGUpsampler]
        /// One row a component, `rowStride` apart: `width` rounded up to 8, for the colour converter's vectors.
        var samples: [UInt8]
        let width: Int
        let rowStride: Int
        let layout: ColorLayout

        init(planes: [[UInt8]], upsamplers: [JPEGUpsampler], width: Int, layout: ColorLayout) {
            self.planes = planes
            self.upsamplers = upsamplers
            self.width = width
            self.layout = layout
            rowStride = (width + 7) & ~7
            samples = [UInt8](repeating: 0, count: rowStride * planes.count)
        }

        /// Writes row `y` as opaque RGBA pixels at `output`, `step` bytes apart.
        mutating func convert(row y: Int, into output: UnsafeMutableRawPointer, step: Int) {
            let width = self.width, rowStride = self.rowStride
            samples.withUnsafeMutableBufferPointer { rows in
                for index in planes.indices {
                    planes[index].withUnsafeBufferPointer { plane in
                        upsamplers[index].upsample(plane.baseAddress!, outputRow: y, width: width,
                                                   into: rows.baseAddress! + index * rowStride)
                    }
                }
            }
            samples.withUnsafeBufferPointer { rows in
                JPEGDecoder.convertRow(rows.baseAddress!, width: width, rowStride: rowStride, layout: layout,
                                       into: output, step: step)
            }
        }
    }

    /// Every block of `component` through the inverse DCT into its sample plane, `blockSize` samples a block
    /// side. The frame layout sized the coefficients (`storedBlocksWide` × rows × 64 from `coefficientStart`)
    /// and the plane (`stride` × `blockSize` a block row). Full-size blocks take the vector transform where it
    /// is exact (`vectorFactors`, nil for 16-bit quantization tables), the scalar one elsewhere.
    private func transformBlocks(of component: JPEGComponent, blockSize: Int, coefficients: UnsafePointer<Int16>,
                                 quantization: UnsafePointer<Int32>, vectorFactors: UnsafePointer<Int16>?,
                                 workspace: UnsafeMutablePointer<Int32>,
                                 rangeLimit: UnsafePointer<UInt8>, into plane: UnsafeMutablePointer<UInt8>, stride: Int) {
        for blockRow in 0..<component.blocksHigh {
            for blockColumn in 0..<component.blocksWide {
                let blockIndex: Int = blockRow &* component.storedBlocksWide &+ blockColumn
                let block: Int = component.coefficientStart &+ blockIndex &* 64
                let origin: Int = blockRow &* blockSize &* stride &+ blockColumn &* blockSize
                if blockSize == 8 {
                    if let vectorFactors, JPEGVectorInverseDCT.transform(coefficients + block, factors: vectorFactors,
                                                                          into: plane + origin, stride: stride) {
                        continue
                    }
                    JPEGInverseDCT.transform(coefficients + block, quantization: quantization, workspace: workspace,
                                             rangeLimit: rangeLimit, into: plane + origin, stride: stride)
                } else {
                    JPEGReducedInverseDCT.transform(size: blockSize, coefficients + block, quantization: quantization,
                                                    workspace: workspace, rangeLimit: rangeLimit,
                                                    into: plane + origin, stride: stride)
                }
            }
        }
    }

    fileprivate enum ColorLayout { case grey, rgb, yCbCr }

    /// One row of full-resolution component samples (`width` each, planar at `rows`, `rowStride` apart: a
    /// multiple of 8 at least `width`) converted to opaque RGBA at `output`, one 32-bit store a pixel, `step`
    /// bytes apart. The caller keeps every pixel inside the picture.
    fileprivate static func convertRow(_ rows: UnsafePointer<UInt8>, width: Int, rowStride: Int, layout: ColorLayout,
                                       into output: UnsafeMutableRawPointer, step: Int) {
        var out = output
        @inline(__always) func store(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            let pixel = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000
            out.storeBytes(of: pixel.littleEndian, as: UInt32.self)
            out += step
        }
        switch layout {
        case .grey:
            for x in 0..<width { store(rows[x], rows[x], rows[x]) }
        case .rgb:
            for x in 0..<width { store(rows[x], rows[x &+ rowStride], rows[x &+ 2 &* rowStride]) }
        case .yCbCr:
            JPEGColorConversion.convert(luma: rows, cb: rows + rowStride, cr: rows + 2 &* rowStride, width: width,
                                        into: output, step: step)
        }
    }
}
