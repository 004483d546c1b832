/// From coefficients to pixels: the picture's size and scale, and — for the frames whose scans fill the
/// whole-image coefficient store (progressive, or sequential with a scan per component) — the inverse DCT of
/// every block into a sample plane per component, then row by row upsampling and colour conversion
/// (`JPEGRowSource`) into the picture (`JPEGPictureWriter`).
extension JPEGDecoder {
    /// The decoded picture's layout at the scale asked for or, with a bound, at the smallest scale that still
    /// covers the size the bound keeps; and that size (in the stored orientation) when there is a bound.
    func outputPlan(_ frame: JPEGFrame) -> (layout: JPEGScaledLayout, shown: (width: Int, height: Int)?) {
        guard let bound else { return (JPEGScaledLayout(frame: frame, scale: scale), nil) }
        let swapped = JPEGOrientation.swapsAxes(orientation)
        let upright = bound.reducedSize(sourceWidth: swapped ? frame.height : frame.width,
                                        sourceHeight: swapped ? frame.width : frame.height)
        let stored = swapped ? (width: upright.height, height: upright.width) : upright
        let scale = JPEGScale.covering(width: stored.width, height: stored.height,
                                       sourceWidth: frame.width, sourceHeight: frame.height)
        return (JPEGScaledLayout(frame: frame, scale: scale), stored)
    }

    /// Grey for one component; RGB rather than YCbCr for three by libjpeg's guess: JFIF means YCbCr, else
    /// Adobe's transform 0, else the component ids 'R', 'G', 'B'.
    func colorLayout(_ frame: JPEGFrame) -> JPEGRowSource.ColorLayout {
        if frame.components.count == 1 { return .grey }
        if sawJFIF { return .yCbCr }
        if let adobeTransform { return adobeTransform == 0 ? .rgb : .yCbCr }
        return frame.components.map { $0.id } == [82, 71, 66] ? .rgb : .yCbCr
    }

    /// Each component's latched quantization table, or the refusal of a component that had no scan.
    func latchedQuantization(_ frame: JPEGFrame) throws(JPEGError) -> [[UInt16]] {
        var tables: [[UInt16]] = []
        for (index, component) in frame.components.enumerated() {
            guard let table = componentQuantization[index] else {
                throw JPEGError(marker: 0xD9, offset: bytes.count, message: "component \(component.id) is in no scan")
            }
            tables.append(table)
        }
        return tables
    }

    /// The picture: the one a streamed scan wrote, or the coefficient store's, transformed whole. The
    /// coefficients are released once transformed, before the RGBA is allocated.
    mutating func pixels() throws(JPEGError) -> PixelImage {
        if let picture { return picture }
        guard let frame else { throw JPEGError(marker: 0xD9, offset: bytes.count, message: "no frame header (SOF)") }
        let (layout, shown) = outputPlan(frame)
        var transformer = JPEGBlockTransformer(factors: try latchedQuantization(frame), blockSizes: layout.blockSizes)
        var planes: [[UInt8]] = []
        var upsamplers: [JPEGUpsampler] = []
        for (index, component) in frame.components.enumerated() {
            let blockSize = layout.blockSizes[index]
            let stride = component.blocksWide * blockSize, rows = component.blocksHigh * blockSize
            // The transform writes every sample of the plane (`blocksWide` × `blocksHigh` blocks).
            var plane = [UInt8](unsafeUninitializedCapacity: stride * rows) { _, initialized in initialized = stride * rows }
            coefficients.withUnsafeBufferPointer { coefficients in
                plane.withUnsafeMutableBufferPointer { plane in
                    transformer.transform(component: index, blocksWide: component.blocksWide, blockRows: component.blocksHigh,
                                          storedBlocksWide: component.storedBlocksWide,
                                          coefficients: coefficients.baseAddress! + component.coefficientStart,
                                          into: plane.baseAddress!, stride: stride)
                }
            }
            planes.append(plane)
            upsamplers.append(JPEGUpsampler(component: index, frame: frame, layout: layout, planeStride: stride, planeRows: rows))
        }
        coefficients = []
        var rows = JPEGRowSource(planes: planes, upsamplers: upsamplers, width: layout.width, layout: colorLayout(frame))
        var writer = try JPEGPictureWriter(width: layout.width, height: layout.height, orientation: orientation,
                                           shown: shown, fileSize: bytes.count)
        writer.write(&rows, upTo: layout.height)
        return try writer.image(fileSize: bytes.count)
    }
}
