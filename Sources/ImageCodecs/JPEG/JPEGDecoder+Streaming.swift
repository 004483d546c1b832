/// A sequential frame's scan of every component, decoded straight to pixels MCU row by MCU row, as
/// libjpeg's one-pass decoder does: the row's blocks into a one-row coefficient store, their inverse DCT into
/// a ring of sample rows per component, and every output row whose sample rows (with the rows above and below
/// that the triangle filters weigh) are in the rings upsampled, converted and written at once. Nothing the
/// size of the picture is held but its RGBA. A damaged scan throws part-way, the rows written so far dropped.
extension JPEGDecoder {
    /// Decodes the scan whose data starts at `dataStart` into `picture`; returns the offset after the data.
    mutating func streamScan(_ scan: JPEGScan, frame: JPEGFrame, dataStart: Int) throws(JPEGError) -> Int {
        let (layout, shown) = outputPlan(frame)
        var transformer = JPEGBlockTransformer(factors: try latchedQuantization(frame), blockSizes: layout.blockSizes)
        let single = frame.components.count == 1
        // Per component: block rows in an MCU row, sample rows in an MCU row, and its ring's rows — whole MCU
        // rows, at least 8 more than one: the output rows still to write when an MCU row is decoded need at
        // most 6 sample rows above it (2 for the triangle filters, up to 4 for the vertical ratio).
        var blocksDown: [Int] = [], rowsPerMCURow: [Int] = [], ringRows: [Int] = [], strides: [Int] = []
        var planes: [[UInt8]] = [], upsamplers: [JPEGUpsampler] = [], starts: [Int] = []
        var storeCount = 0
        for (index, component) in frame.components.enumerated() {
            let down = single ? 1 : component.verticalSampling, blockSize = layout.blockSizes[index]
            let rows = down * blockSize, ring = rows * (1 + (8 + rows - 1) / rows)
            let stride = component.blocksWide * blockSize
            blocksDown.append(down)
            rowsPerMCURow.append(rows)
            ringRows.append(ring)
            strides.append(stride)
            planes.append([UInt8](repeating: 0, count: stride * ring))
            upsamplers.append(JPEGUpsampler(component: index, frame: frame, layout: layout, planeStride: stride, planeRows: ring))
            starts.append(storeCount)
            storeCount += component.storedBlocksWide * down * 64
        }
        // Slots are in the scan's order, which need not be the frame's.
        let slotStarts = scan.components.map { starts[$0] }
        var store = [Int16](repeating: 0, count: storeCount)
        var rows = JPEGRowSource(planes: planes, upsamplers: upsamplers, width: layout.width, layout: colorLayout(frame))
        var writer = try JPEGPictureWriter(width: layout.width, height: layout.height, orientation: orientation,
                                           shown: shown, fileSize: bytes.count)
        let end = try store.withUnsafeMutableBufferPointer { (store) throws(JPEGError) in
            try decodeScanData(scan, frame: frame, from: dataStart, into: store.baseAddress!, starts: slotStarts,
                               wholeImage: false) { (mcuRow) throws(JPEGError) in
                var ready = layout.height
                for (index, component) in frame.components.enumerated() {
                    let firstBlockRow = mcuRow * blocksDown[index]
                    let blockRows = min(blocksDown[index], component.blocksHigh - firstBlockRow)
                    let ringRow = (mcuRow * rowsPerMCURow[index]) % ringRows[index]
                    rows.planes[index].withUnsafeMutableBufferPointer { ring in
                        transformer.transform(component: index, blocksWide: component.blocksWide, blockRows: blockRows,
                                              storedBlocksWide: component.storedBlocksWide,
                                              coefficients: UnsafePointer(store.baseAddress! + starts[index]),
                                              into: ring.baseAddress! + ringRow * strides[index], stride: strides[index])
                    }
                    // Output row y needs sample rows up to ⌊y / ratio⌋ + 1 (clamped to the last).
                    let decoded = min((mcuRow + 1) * rowsPerMCURow[index], component.blocksHigh * layout.blockSizes[index])
                    if decoded < layout.sampleHeights[index] {
                        ready = min(ready, max(0, (decoded - 1) * upsamplers[index].verticalRatio))
                    }
                }
                writer.write(&rows, upTo: ready)
            }
        }
        picture = try writer.image(fileSize: bytes.count)
        return end
    }
}
