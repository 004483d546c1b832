/// The frame header: SOF0 (baseline), SOF1 (extended sequential) and SOF2 (progressive), Huffman coded.
extension JPEGDecoder {
    mutating func readFrame(_ payload: Range<Int>, marker: UInt8) throws(JPEGError) {
        let start = payload.lowerBound
        let headerOffset = start - 4
        guard frame == nil else { throw JPEGError(marker: marker, offset: headerOffset, message: "second frame header") }
        guard payload.count >= 6 else {
            throw JPEGError(marker: marker, offset: headerOffset, message: "frame header of \(payload.count + 2) bytes is too short")
        }
        let precision = Int(bytes[start])
        guard precision == 8 else {
            throw JPEGError(marker: marker, offset: start, message: "\(precision)-bit samples are not supported (only 8-bit)")
        }
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let componentCount = Int(bytes[start + 5])
        guard height > 0 else {
            throw JPEGError(marker: marker, offset: start + 1, message: "height 0 (defined later by DNL) is not supported")
        }
        guard width > 0 else { throw JPEGError(marker: marker, offset: start + 3, message: "width is 0") }
        let pixelCount = width.multipliedReportingOverflow(by: height)
        guard width <= limits.maximumSide, height <= limits.maximumSide, !pixelCount.overflow,
              pixelCount.partialValue <= limits.maximumPixelCount else {
            throw JPEGError(marker: marker, offset: start + 1,
                            message: "\(width)×\(height) is over the limits (\(limits.maximumSide) a side, \(limits.maximumPixelCount) pixels)")
        }
        guard componentCount == 1 || componentCount == 3 || componentCount == 4 else {
            throw JPEGError(marker: marker, offset: start + 5, message: "\(componentCount) components (1, 3 or 4 expected)")
        }
        guard payload.count == 6 + 3 * componentCount else {
            throw JPEGError(marker: marker, offset: headerOffset,
                            message: "length \(payload.count + 2) does not match \(componentCount) components (\(8 + 3 * componentCount))")
        }
        var components: [JPEGComponent] = []
        for index in 0..<componentCount {
            let at = start + 6 + 3 * index
            let id = bytes[at]
            let horizontal = Int(bytes[at + 1] >> 4), vertical = Int(bytes[at + 1] & 15), table = Int(bytes[at + 2])
            guard !components.contains(where: { $0.id == id }) else {
                throw JPEGError(marker: marker, offset: at, message: "component id \(id) appears twice")
            }
            guard (1...4).contains(horizontal), (1...4).contains(vertical) else {
                throw JPEGError(marker: marker, offset: at + 1,
                                message: "component \(id) sampling factors \(horizontal)×\(vertical) are not within 1…4")
            }
            guard table <= 3 else {
                throw JPEGError(marker: marker, offset: at + 2, message: "component \(id) quantization table \(table) is not 0…3")
            }
            components.append(JPEGComponent(id: id, horizontalSampling: horizontal, verticalSampling: vertical,
                                            quantizationTable: table))
        }
        if componentCount == 4 {
            let kind = adobeTransform == 2 ? "YCCK" : "CMYK"
            throw JPEGError(marker: marker, offset: headerOffset, message: "4-component (\(kind)) images are not supported")
        }
        var newFrame = JPEGFrame(marker: marker, width: width, height: height, components: components)
        newFrame.computeLayout()
        for component in newFrame.components {
            let hRatio = newFrame.maximumHorizontalSampling, vRatio = newFrame.maximumVerticalSampling
            guard componentCount == 1
                || (hRatio % component.horizontalSampling == 0 && vRatio % component.verticalSampling == 0) else {
                throw JPEGError(marker: marker, offset: headerOffset,
                                message: "component \(component.id) sampling \(component.horizontalSampling)×\(component.verticalSampling) does not divide the maximum \(hRatio)×\(vRatio)")
            }
        }
        frame = newFrame
        componentQuantization = [[UInt16]?](repeating: nil, count: componentCount)
    }
}
