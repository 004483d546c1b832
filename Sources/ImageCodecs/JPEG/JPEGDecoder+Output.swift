/// From coefficients to pixels: the inverse DCT of every block into a sample plane per component, then row by
/// row upsampling and libjpeg's YCbCr→RGB (jdcolor.c: 16-bit fixed-point tables, rounding in the tables), each
/// pixel written where the EXIF orientation puts it.
extension JPEGDecoder {
    /// libjpeg's `build_ycc_rgb_table`: Cr→R, Cb→B (rounded), Cr→G and Cb→G (scaled by 2^16, +½ in Cb→G).
    private static let crToRed: [Int32] = (0..<256).map { (91_881 * Int32($0 - 128) + 32_768) >> 16 }
    private static let cbToBlue: [Int32] = (0..<256).map { (116_130 * Int32($0 - 128) + 32_768) >> 16 }
    private static let crToGreen: [Int32] = (0..<256).map { -46_802 * Int32($0 - 128) }
    private static let cbToGreen: [Int32] = (0..<256).map { -22_554 * Int32($0 - 128) + 32_768 }

    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 { UInt8(max(0, min(255, value))) }

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
            for blockRow in 0..<component.blocksHigh {
                for blockColumn in 0..<component.blocksWide {
                    let block = component.coefficientStart + (blockRow * component.storedBlocksWide + blockColumn) * 64
                    JPEGInverseDCT.transform(coefficients, block: block, quantization: quantization, workspace: &workspace,
                                             into: &plane, origin: blockRow * 8 * stride + blockColumn * 8, stride: stride)
                }
            }
            planes.append(plane)
            upsamplers.append(JPEGUpsampler(component: component, frame: frame, planeStride: stride))
        }
        coefficients = []
        let width = frame.width, height = frame.height
        let swapped = JPEGOrientation.swapsAxes(orientation)
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: width), count: planes.count)
        let rgb = planes.count == 3 && isRGB(frame)
        for y in 0..<height {
            for index in planes.indices { upsamplers[index].upsample(planes[index], outputRow: y, width: width, into: &rows[index]) }
            for x in 0..<width {
                let out = JPEGOrientation.destination(x: x, y: y, width: width, height: height, orientation: orientation) * 4
                let luma = rows[0][x]
                if planes.count == 1 {
                    rgba[out] = luma
                    rgba[out + 1] = luma
                    rgba[out + 2] = luma
                } else if rgb {
                    rgba[out] = luma
                    rgba[out + 1] = rows[1][x]
                    rgba[out + 2] = rows[2][x]
                } else {
                    let y = Int32(luma), cb = Int(rows[1][x]), cr = Int(rows[2][x])
                    rgba[out] = Self.clamp(y + Self.crToRed[cr])
                    rgba[out + 1] = Self.clamp(y + ((Self.cbToGreen[cb] + Self.crToGreen[cr]) >> 16))
                    rgba[out + 2] = Self.clamp(y + Self.cbToBlue[cb])
                }
            }
        }
        guard let image = PixelImage(width: swapped ? height : width, height: swapped ? width : height, rgba: rgba) else {
            throw JPEGError(marker: 0xD9, offset: bytes.count, message: "picture of \(rgba.count) bytes does not match \(width)×\(height)")
        }
        return image
    }
}
