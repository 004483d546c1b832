/// One component of a frame (SOF): its sampling factors, its quantization table and where its coefficients
/// live in the decoder's coefficient store.
struct JPEGComponent {
    var id: UInt8
    var horizontalSampling: Int
    var verticalSampling: Int
    var quantizationTable: Int
    /// Samples actually in the image: ⌈width × h / hmax⌉ × ⌈height × v / vmax⌉ (libjpeg's downsampled size).
    var sampleWidth = 0
    var sampleHeight = 0
    /// Blocks holding real samples (a non-interleaved scan covers exactly these).
    var blocksWide = 0
    var blocksHigh = 0
    /// Blocks stored: whole MCUs (an interleaved scan covers these).
    var storedBlocksWide = 0
    var storedBlocksHigh = 0
    /// Index of the component's first coefficient in the store (64 per block, rows of `storedBlocksWide`).
    var coefficientStart = 0
}

/// The frame header (SOF0, SOF1 or SOF2) and the layout it implies.
struct JPEGFrame {
    var marker: UInt8
    var width: Int
    var height: Int
    var components: [JPEGComponent]
    var maximumHorizontalSampling = 1
    var maximumVerticalSampling = 1
    var mcusWide = 0
    var mcusHigh = 0
    /// Coefficients of all components together.
    var coefficientCount = 0

    var isProgressive: Bool { marker == 0xC2 }

    /// Fills in the sampling maxima, each component's sizes and the coefficient layout (T.81 A.1.1).
    mutating func computeLayout() {
        maximumHorizontalSampling = components.map { $0.horizontalSampling }.max() ?? 1
        maximumVerticalSampling = components.map { $0.verticalSampling }.max() ?? 1
        mcusWide = (width + 8 * maximumHorizontalSampling - 1) / (8 * maximumHorizontalSampling)
        mcusHigh = (height + 8 * maximumVerticalSampling - 1) / (8 * maximumVerticalSampling)
        var start = 0
        for index in components.indices {
            var component = components[index]
            component.sampleWidth = (width * component.horizontalSampling + maximumHorizontalSampling - 1)
                / maximumHorizontalSampling
            component.sampleHeight = (height * component.verticalSampling + maximumVerticalSampling - 1)
                / maximumVerticalSampling
            component.blocksWide = (component.sampleWidth + 7) / 8
            component.blocksHigh = (component.sampleHeight + 7) / 8
            component.storedBlocksWide = mcusWide * component.horizontalSampling
            component.storedBlocksHigh = mcusHigh * component.verticalSampling
            component.coefficientStart = start
            start += component.storedBlocksWide * component.storedBlocksHigh * 64
            components[index] = component
        }
        coefficientCount = start
    }
}
