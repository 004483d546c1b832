/// From coefficients to pixels: the inverse DCT of every block into a sample plane per component, then row by
/// row upsampling and libjpeg's YCbCr→RGB (jdcolor.c: 16-bit fixed-point tables, rounding in the tables), each
/// pixel written where the EXIF orientation puts it.
extension JPEGDecoder {
    /// True when three components hold RGB rather than YCbCr (libjpeg's guess: JFIF means YCbCr, else Adobe's
    /// transform 0, else the component ids 'R', 'G', 'B').
    private func isRGB(_ frame: JPEGFrame) -> Bool {
        if sawJFIF { return false }
        if let adobeTransform { return adobeTransform == 0 }
        return frame.components.map { $0.id } == [82, 71, 66]
    }

    /// The decoded picture. The coefficients are released once transformed, before the RGBA is allocated.
    mutating func pixels() throws(JPEGError) -> PixelImage {
        guard let frame else { throw JPEGError(marker: 0xD9, offset: bytes.count, message: "no frame header (SOF)") }
        var planes: [[UInt8]] = []
        var upsamplers: [JPEGUpsampler] = []
        var workspace = [Int32](repeating: 0, count: 64)
        for (index, component) in frame.components.enumerated() {
            guard let quantization = componentQuantization[index] else {
                throw JPEGError(marker: 0xD9, offset: bytes.count, message: "component \(component.id) is in no scan")
            }
            let stride = component.blocksWide * 8
            var plane = [UInt8](repeating: 0, count: stride * component.blocksHigh * 8)
            coefficients.withUnsafeBufferPointer { coefficients in
                quantization.withUnsafeBufferPointer { quantization in
                    workspace.withUnsafeMutableBufferPointer { workspace in
                        plane.withUnsafeMutableBufferPointer { plane in
                            transformBlocks(of: component, coefficients: coefficients.baseAddress!,
                                            quantization: quantization.baseAddress!, workspace: workspace.baseAddress!,
                                            into: plane.baseAddress!, stride: stride)
                        }
                    }
                }
            }
            planes.append(plane)
            upsamplers.append(JPEGUpsampler(component: component, frame: frame, planeStride: stride))
        }
        coefficients = []
        let width = frame.width, height = frame.height
        let swapped = JPEGOrientation.swapsAxes(orientation)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var rows = [UInt8](repeating: 0, count: width * planes.count)
        let layout: ColorLayout = planes.count == 1 ? .grey : isRGB(frame) ? .rgb : .yCbCr
        let tables = YCbCrTables()
        for y in 0..<height {
            rows.withUnsafeMutableBufferPointer { rows in
                for index in planes.indices {
                    planes[index].withUnsafeBufferPointer { plane in
                        upsamplers[index].upsample(plane.baseAddress!, outputRow: y, width: width,
                                                   into: rows.baseAddress! + index * width)
                    }
                }
            }
            // Orientation maps a row to a line of the output: a start and a step, in pixels.
            let start = JPEGOrientation.destination(x: 0, y: y, width: width, height: height, orientation: orientation)
            let step = JPEGOrientation.destination(x: 1, y: y, width: width, height: height, orientation: orientation) - start
            rgba.withUnsafeMutableBufferPointer { rgba in
                rows.withUnsafeBufferPointer { rows in
                    Self.convertRow(rows.baseAddress!, width: width, layout: layout, tables: tables,
                                    into: rgba.baseAddress! + start * 4, step: step * 4)
                }
            }
        }
        guard let image = PixelImage(width: swapped ? height : width, height: swapped ? width : height, rgba: rgba) else {
            throw JPEGError(marker: 0xD9, offset: bytes.count, message: "picture of \(rgba.count) bytes does not match \(width)×\(height)")
        }
        return image
    }

    /// Every block of `component` through the inverse DCT into its sample plane. The frame layout sized the
    /// coefficients (`storedBlocksWide` × rows × 64 from `coefficientStart`) and the plane (`stride` × 8 a block row).
    private func transformBlocks(of component: JPEGComponent, coefficients: UnsafePointer<Int16>,
                                 quantization: UnsafePointer<UInt16>, workspace: UnsafeMutablePointer<Int32>,
                                 into plane: UnsafeMutablePointer<UInt8>, stride: Int) {
        for blockRow in 0..<component.blocksHigh {
            for blockColumn in 0..<component.blocksWide {
                let blockIndex: Int = blockRow &* component.storedBlocksWide &+ blockColumn
                let block: Int = component.coefficientStart &+ blockIndex &* 64
                let origin: Int = blockRow &* 8 &* stride &+ blockColumn &* 8
                JPEGInverseDCT.transform(coefficients + block, quantization: quantization, workspace: workspace,
                                         into: plane + origin, stride: stride)
            }
        }
    }

    private enum ColorLayout { case grey, rgb, yCbCr }

    /// One row of full-resolution component samples (`width` each, planar at `rows`) converted to RGBA at
    /// `output`, `step` bytes apart. Alpha is already 255. The caller keeps every written pixel inside the picture.
    private static func convertRow(_ rows: UnsafePointer<UInt8>, width: Int, layout: ColorLayout, tables: YCbCrTables,
                                   into output: UnsafeMutablePointer<UInt8>, step: Int) {
        var out = output
        switch layout {
        case .grey:
            for x in 0..<width {
                let luma = rows[x]
                out[0] = luma
                out[1] = luma
                out[2] = luma
                out += step
            }
        case .rgb:
            for x in 0..<width {
                out[0] = rows[x]
                out[1] = rows[x &+ width]
                out[2] = rows[x &+ 2 &* width]
                out += step
            }
        case .yCbCr:
            tables.storage.withUnsafeBufferPointer { table in
                let crToRed = table.baseAddress!, cbToBlue = crToRed + 256
                let crToGreen = crToRed + 512, cbToGreen = crToRed + 768
                for x in 0..<width {
                    let luma = Int32(rows[x]), cb = Int(rows[x &+ width]), cr = Int(rows[x &+ 2 &* width])
                    out[0] = clamp(luma &+ crToRed[cr])
                    out[1] = clamp(luma &+ ((cbToGreen[cb] &+ crToGreen[cr]) >> 16))
                    out[2] = clamp(luma &+ cbToBlue[cb])
                    out += step
                }
            }
        }
    }

    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 { UInt8(truncatingIfNeeded: max(0, min(255, value))) }
}

/// libjpeg's `build_ycc_rgb_table` (jdcolor.c), built once per picture into one buffer: Cr→R, Cb→B (rounded),
/// Cr→G and Cb→G (scaled by 2^16, +½ in Cb→G), 256 entries each in that order.
private struct YCbCrTables {
    let storage: [Int32]

    init() {
        var storage = [Int32](repeating: 0, count: 1024)
        for value in 0..<256 {
            let centred = Int32(value - 128)
            storage[value] = (91_881 * centred + 32_768) >> 16
            storage[256 + value] = (116_130 * centred + 32_768) >> 16
            storage[512 + value] = -46_802 * centred
            storage[768 + value] = -22_554 * centred + 32_768
        }
        self.storage = storage
    }
}
