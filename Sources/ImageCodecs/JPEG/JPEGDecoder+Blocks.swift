/// One block of one scan: sequential (T.81 F.2.2), and the four progressive passes (T.81 G.1.2: DC first and
/// refinement, AC first with end-of-band runs, AC refinement with correction bits), as libjpeg's jdhuff.c and
/// jdphuff.c decode them. A block is its 64 coefficients at `block` (natural order); `natural` is the zigzag
/// order (`JPEGZigzag`) as 64 `Int32`s. The scan's setup sized the coefficient store, so every block index here is inside it.
struct JPEGBlockDecoder {
    let natural: UnsafePointer<Int32>

    func decodeBlock(_ scan: JPEGScan, dc: JPEGHuffmanLookup, ac: JPEGHuffmanLookup,
                     at block: UnsafeMutablePointer<Int16>, reader: inout JPEGBitReader,
                     predictor: inout Int, endOfBandRun: inout Int) throws(JPEGError) {
        switch scan.pass {
        case .sequential:
            try decodeSequential(block, dc: dc, ac: ac, reader: &reader, predictor: &predictor)
        case .dcFirst:
            let category = try dc.decode(&reader, marker: 0xDA)
            predictor &+= reader.signed(category)
            block[0] = Int16(truncatingIfNeeded: predictor << scan.lowBit)
        case .dcRefine:
            if reader.bits(1) != 0 { block[0] |= Int16(truncatingIfNeeded: 1 << scan.lowBit) }
        case .acFirst:
            try decodeACFirst(block, scan: scan, table: ac, reader: &reader, endOfBandRun: &endOfBandRun)
        case .acRefine:
            try decodeACRefine(block, scan: scan, table: ac, reader: &reader, endOfBandRun: &endOfBandRun)
        }
    }

    private func badCoefficientIndex(_ reader: JPEGBitReader) -> JPEGError {
        JPEGError(marker: 0xDA, offset: reader.offset, message: "run of zero coefficients goes past the end of the block")
    }

    /// A sequential block, zeroed first (a sequential frame's store starts unset): the DC difference, then AC
    /// coefficients, a whole short one per table lookup.
    @inline(__always)
    private func decodeSequential(_ block: UnsafeMutablePointer<Int16>, dc: JPEGHuffmanLookup, ac: JPEGHuffmanLookup,
                                  reader: inout JPEGBitReader, predictor: inout Int) throws(JPEGError) {
        for row in 0..<8 { UnsafeMutableRawPointer(block + row &* 8).storeBytes(of: SIMD8<Int16>(), as: SIMD8<Int16>.self) }
        let category = try dc.decode(&reader, marker: 0xDA)
        predictor &+= reader.signed(category)
        block[0] = Int16(truncatingIfNeeded: predictor)
        var index = 1
        while index < 64 {
            let whole = ac.coefficient(&reader)
            if whole != 0 {
                reader.skip(Int(whole & 0xFF))
                index &+= Int((whole >> 8) & 0xFF)
                guard index < 64 else { throw badCoefficientIndex(reader) }
                block[Int(natural[index])] = Int16(truncatingIfNeeded: whole >> 16)
                index &+= 1
                continue
            }
            let symbol = try ac.decode(&reader, marker: 0xDA)
            let run = symbol >> 4, size = symbol & 15
            if size == 0 {
                if run != 15 { break }
                index += 16
                continue
            }
            index += run
            guard index < 64 else { throw badCoefficientIndex(reader) }
            block[Int(natural[index])] = Int16(truncatingIfNeeded: reader.signed(size))
            index += 1
        }
    }

    private func decodeACFirst(_ block: UnsafeMutablePointer<Int16>, scan: JPEGScan, table: JPEGHuffmanLookup,
                                        reader: inout JPEGBitReader, endOfBandRun: inout Int) throws(JPEGError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var index = scan.spectralStart
        while index <= scan.spectralEnd {
            let symbol = try table.decode(&reader, marker: 0xDA)
            let run = symbol >> 4, size = symbol & 15
            if size == 0 {
                if run < 15 {
                    endOfBandRun = (1 << run) - 1
                    if run > 0 { endOfBandRun += reader.bits(run) }
                    return
                }
                index += 16
                continue
            }
            index += run
            guard index <= scan.spectralEnd else { throw badCoefficientIndex(reader) }
            let value = reader.signed(size) * (1 << scan.lowBit)
            block[Int(natural[index])] = Int16(truncatingIfNeeded: value)
            index += 1
        }
    }

    private func decodeACRefine(_ block: UnsafeMutablePointer<Int16>, scan: JPEGScan, table: JPEGHuffmanLookup,
                                         reader: inout JPEGBitReader, endOfBandRun: inout Int) throws(JPEGError) {
        let plus = 1 << scan.lowBit, minus = -1 << scan.lowBit
        var index = scan.spectralStart
        if endOfBandRun == 0 {
            while index <= scan.spectralEnd {
                let symbol = try table.decode(&reader, marker: 0xDA)
                var run = symbol >> 4
                let size = symbol & 15
                var value = 0
                if size != 0 {
                    guard size == 1 else {
                        throw JPEGError(marker: 0xDA, offset: reader.offset, message: "refinement coefficient of size \(size) (must be 1)")
                    }
                    value = reader.bits(1) != 0 ? plus : minus
                } else if run != 15 {
                    endOfBandRun = 1 << run
                    if run > 0 { endOfBandRun += reader.bits(run) }
                    break
                }
                // Refine the nonzero coefficients passed over; stop on the run-th zero one.
                while index <= scan.spectralEnd {
                    let position = Int(natural[index])
                    if block[position] != 0 {
                        refine(block, position, plus: plus, minus: minus, reader: &reader)
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    index += 1
                }
                if value != 0 {
                    guard index <= scan.spectralEnd else { throw badCoefficientIndex(reader) }
                    block[Int(natural[index])] = Int16(truncatingIfNeeded: value)
                }
                index += 1
            }
        }
        if endOfBandRun > 0 {
            while index <= scan.spectralEnd {
                let position = Int(natural[index])
                if block[position] != 0 { refine(block, position, plus: plus, minus: minus, reader: &reader) }
                index += 1
            }
            endOfBandRun -= 1
        }
    }

    /// A correction bit for a coefficient already nonzero: adds one unit of the current bit, away from zero.
    @inline(__always)
    private func refine(_ block: UnsafeMutablePointer<Int16>, _ position: Int, plus: Int, minus: Int,
                        reader: inout JPEGBitReader) {
        if reader.bits(1) != 0, Int(block[position]) & plus == 0 {
            let current = Int(block[position])
            block[position] = Int16(truncatingIfNeeded: current + (current >= 0 ? plus : minus))
        }
    }
}
