/// A scan header (SOS) and its entropy-coded data: which components, which coefficients (spectral selection
/// Ss…Se) and which bits (successive approximation Ah, Al), MCU by MCU with restart markers.
struct JPEGScan {
    enum Pass { case sequential, dcFirst, dcRefine, acFirst, acRefine }

    var pass: Pass
    /// Indices into the frame's components.
    var components: [Int]
    var dcTables: [Int]
    var acTables: [Int]
    var spectralStart: Int
    var spectralEnd: Int
    var lowBit: Int
}

extension JPEGDecoder {
    /// Decodes the scan whose header is `payload`; returns the offset of the marker that follows its data. A
    /// sequential frame's scan of every component is its only one, and goes straight to pixels
    /// (`JPEGDecoder+Streaming`); other scans add to the whole-image coefficient store.
    mutating func readScan(_ payload: Range<Int>) throws(JPEGError) -> Int {
        let (scan, frame) = try scanHeader(payload)
        guard picture == nil else {
            throw JPEGError(marker: 0xDA, offset: payload.lowerBound - 4,
                            message: "a second scan after the sequential frame's scan of every component")
        }
        let end: Int
        if !frame.isProgressive, scan.components.count == frame.components.count {
            end = try streamScan(scan, frame: frame, dataStart: payload.upperBound)
        } else {
            if coefficients.isEmpty { allocateCoefficients(frame) }
            let starts = scan.components.map { frame.components[$0].coefficientStart }
            var store: [Int16] = []
            swap(&store, &coefficients)
            defer { swap(&store, &coefficients) }
            end = try store.withUnsafeMutableBufferPointer { (store) throws(JPEGError) in
                try decodeScanData(scan, frame: frame, from: payload.upperBound, into: store.baseAddress!, starts: starts,
                                   wholeImage: true) { _ throws(JPEGError) in }
            }
        }
        scanCount += 1
        var offset = end
        // Like libjpeg, skip stray bytes between the scan's data and the next marker.
        while offset + 1 < bytes.count, !(bytes[offset] == 0xFF && bytes[offset + 1] != 0 && bytes[offset + 1] != 0xFF) {
            offset += 1
        }
        return min(offset, bytes.count)
    }

    /// The whole-image coefficient store, at the first scan that needs it. Progressive scans add to the
    /// coefficients, so they start at zero. A sequential scan zeroes each block as it decodes it
    /// (`JPEGBlockDecoder`) and either decodes every block of its components or throws, and the transform
    /// reads only blocks of components that had a scan: no block is read unwritten.
    private mutating func allocateCoefficients(_ frame: JPEGFrame) {
        let count = frame.coefficientCount
        coefficients = frame.isProgressive ? [Int16](repeating: 0, count: count)
            : [Int16](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Decodes the entropy-coded data of `scan` from byte `start`, MCU row by MCU row, calling `rowDone` after
    /// each; returns the offset after the data. Block (x, y) of scan component `slot` is at `store` +
    /// `starts[slot]` + (y × its `storedBlocksWide` + x) × 64, y counted from the top of the picture when
    /// `wholeImage`, else from the top of the MCU row (a store of one MCU row). The caller sizes the store.
    func decodeScanData(_ scan: JPEGScan, frame: JPEGFrame, from start: Int, into store: UnsafeMutablePointer<Int16>,
                        starts: [Int], wholeImage: Bool,
                        rowDone: (Int) throws(JPEGError) -> Void) throws(JPEGError) -> Int {
        var reader = JPEGBitReader(bytes: bytes, position: start)
        var predictors = [Int](repeating: 0, count: scan.components.count)
        var endOfBandRun = 0
        let single = scan.components.count == 1
        let first = frame.components[scan.components[0]]
        let mcusWide = single ? first.blocksWide : frame.mcusWide
        let mcusHigh = single ? first.blocksHigh : frame.mcusHigh
        // The zigzag order and the scan's tables (an empty table where a pass needs none) copied once into one
        // buffer, so that the MCU loop works through pointers.
        let none = JPEGHuffmanTable.empty
        var tables = JPEGZigzag.natural.map { Int32($0) }
        for slot in scan.components.indices {
            tables += (scan.dcTables[slot] <= 3 ? dcTables[scan.dcTables[slot]] ?? none : none).storage
            tables += (scan.acTables[slot] <= 3 ? acTables[scan.acTables[slot]] ?? none : none).storage
        }
        let restartInterval = self.restartInterval
        try tables.withUnsafeBufferPointer { (tables) throws(JPEGError) in
            let decoder = JPEGBlockDecoder(natural: tables.baseAddress!)
            let tableBase = tables.baseAddress! + 64
            var restartIndex = 0
            var mcu = 0
            for mcuRow in 0..<mcusHigh {
                let storeRow = wholeImage ? mcuRow : 0
                for mcuColumn in 0..<mcusWide {
                    if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 {
                        try reader.checkOverrun(marker: 0xDA)
                        try reader.restart(expecting: restartIndex, marker: 0xDA)
                        restartIndex = (restartIndex + 1) & 7
                        for index in predictors.indices { predictors[index] = 0 }
                        endOfBandRun = 0
                    }
                    for slot in scan.components.indices {
                        let component = frame.components[scan.components[slot]]
                        let dc = JPEGHuffmanLookup(base: tableBase + (2 * slot) * JPEGHuffmanTable.storageCount)
                        let ac = JPEGHuffmanLookup(base: tableBase + (2 * slot + 1) * JPEGHuffmanTable.storageCount)
                        let blocksAcross = single ? 1 : component.horizontalSampling
                        let blocksDown = single ? 1 : component.verticalSampling
                        for blockRow in 0..<blocksDown {
                            for blockColumn in 0..<blocksAcross {
                                let x = mcuColumn &* blocksAcross &+ blockColumn, y = storeRow &* blocksDown &+ blockRow
                                // Inside the store: the caller sized it for these MCUs (or blocks).
                                let block = starts[slot] &+ (y &* component.storedBlocksWide &+ x) &* 64
                                try decoder.decodeBlock(scan, dc: dc, ac: ac, at: store + block,
                                                        reader: &reader, predictor: &predictors[slot],
                                                        endOfBandRun: &endOfBandRun)
                            }
                        }
                    }
                    try reader.checkOverrun(marker: 0xDA)
                    mcu += 1
                }
                try rowDone(mcuRow)
            }
        }
        return reader.position
    }

    private mutating func scanHeader(_ payload: Range<Int>) throws(JPEGError) -> (JPEGScan, JPEGFrame) {
        let start = payload.lowerBound, headerOffset = start - 4
        guard let frame else { throw JPEGError(marker: 0xDA, offset: headerOffset, message: "scan before the frame header (SOF)") }
        let count = payload.isEmpty ? 0 : Int(bytes[start])
        guard (1...4).contains(count), payload.count == 4 + 2 * count else {
            throw JPEGError(marker: 0xDA, offset: headerOffset,
                            message: "scan header of \(payload.count + 2) bytes for \(count) components")
        }
        var scan = JPEGScan(pass: .sequential, components: [], dcTables: [], acTables: [], spectralStart: 0, spectralEnd: 63, lowBit: 0)
        var blocksInMCU = 0
        for slot in 0..<count {
            let at = start + 1 + 2 * slot
            guard let index = frame.components.firstIndex(where: { $0.id == bytes[at] }) else {
                throw JPEGError(marker: 0xDA, offset: at, message: "component id \(bytes[at]) is not in the frame")
            }
            guard !scan.components.contains(index) else {
                throw JPEGError(marker: 0xDA, offset: at, message: "component id \(bytes[at]) appears twice")
            }
            scan.components.append(index)
            scan.dcTables.append(Int(bytes[at + 1] >> 4))
            scan.acTables.append(Int(bytes[at + 1] & 15))
            blocksInMCU += frame.components[index].horizontalSampling * frame.components[index].verticalSampling
        }
        guard count == 1 || blocksInMCU <= 10 else {
            throw JPEGError(marker: 0xDA, offset: headerOffset, message: "an MCU of \(blocksInMCU) blocks (at most 10)")
        }
        let at = start + 1 + 2 * count
        scan.spectralStart = Int(bytes[at])
        scan.spectralEnd = Int(bytes[at + 1])
        let highBit = Int(bytes[at + 2] >> 4)
        scan.lowBit = Int(bytes[at + 2] & 15)
        if frame.isProgressive {
            let validBand = scan.spectralStart == 0 ? scan.spectralEnd == 0
                : (scan.spectralStart <= scan.spectralEnd && scan.spectralEnd <= 63 && count == 1)
            guard validBand, scan.lowBit <= 13, highBit == 0 || highBit == scan.lowBit + 1 else {
                throw JPEGError(marker: 0xDA, offset: at,
                                message: "progressive parameters Ss=\(scan.spectralStart) Se=\(scan.spectralEnd) Ah=\(highBit) Al=\(scan.lowBit) are invalid")
            }
            switch (scan.spectralStart == 0, highBit == 0) {
            case (true, true): scan.pass = .dcFirst
            case (true, false): scan.pass = .dcRefine
            case (false, true): scan.pass = .acFirst
            case (false, false): scan.pass = .acRefine
            }
        }
        for slot in 0..<count {
            let needsDC = scan.pass == .sequential || scan.pass == .dcFirst
            let needsAC = scan.pass == .sequential || scan.pass == .acFirst || scan.pass == .acRefine
            let id = frame.components[scan.components[slot]].id
            if needsDC, scan.dcTables[slot] > 3 || dcTables[scan.dcTables[slot]] == nil {
                throw JPEGError(marker: 0xDA, offset: start + 2 + 2 * slot, message: "component \(id) uses DC table \(scan.dcTables[slot]), which is not defined")
            }
            if needsAC, scan.acTables[slot] > 3 || acTables[scan.acTables[slot]] == nil {
                throw JPEGError(marker: 0xDA, offset: start + 2 + 2 * slot, message: "component \(id) uses AC table \(scan.acTables[slot]), which is not defined")
            }
            let componentIndex = scan.components[slot]
            if componentQuantization[componentIndex] == nil {
                let table = frame.components[componentIndex].quantizationTable
                guard let values = quantizationTables[table] else {
                    throw JPEGError(marker: 0xDA, offset: headerOffset, message: "component \(id) uses quantization table \(table), which is not defined")
                }
                componentQuantization[componentIndex] = values
            }
        }
        return (scan, frame)
    }
}
