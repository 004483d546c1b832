import ImageCodecs

/// How two pictures differ: per-channel absolute differences over RGBA, and a picture of where.
public struct ImageComparison: Sendable {
    /// Mean absolute difference per channel sample (0 … 255).
    public let meanDifference: Double
    /// Largest absolute difference of any channel sample (0 … 255).
    public let maximumDifference: Int
    /// Pixels where any channel differs.
    public let differingPixels: Int
    /// A picture of the differences: unchanged pixels as the expected picture's dimmed grey, changed pixels in red,
    /// brighter for larger differences (64 + 4 × the pixel's largest difference, capped at 255).
    public let differenceImage: PixelImage

    /// Whether the two pictures were identical.
    public var isIdentical: Bool { maximumDifference == 0 }

    /// Compares two pictures of the same size; `nil` when the sizes differ.
    public init?(expected: PixelImage, actual: PixelImage) {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        var total = 0
        var maximum = 0
        var differing = 0
        var picture = PixelImage(width: expected.width, height: expected.height, fill: (0, 0, 0, 255))
        for pixel in 0..<(expected.width * expected.height) {
            let base = pixel * 4
            var pixelMaximum = 0
            for channel in 0..<4 {
                let difference = abs(Int(expected.rgba[base + channel]) - Int(actual.rgba[base + channel]))
                total += difference
                pixelMaximum = max(pixelMaximum, difference)
            }
            maximum = max(maximum, pixelMaximum)
            if pixelMaximum > 0 {
                differing += 1
                picture.rgba[base] = UInt8(min(255, 64 + 4 * pixelMaximum))
            } else {
                let grey = (Int(expected.rgba[base]) + Int(expected.rgba[base + 1]) + Int(expected.rgba[base + 2])) / 12
                picture.rgba[base] = UInt8(grey)
                picture.rgba[base + 1] = UInt8(grey)
                picture.rgba[base + 2] = UInt8(grey)
            }
        }
        let samples = expected.rgba.count
        meanDifference = samples == 0 ? 0 : Double(total) / Double(samples)
        maximumDifference = maximum
        differingPixels = differing
        differenceImage = picture
    }

    /// `mean difference 0.0123, max 17, 42 pixels differ`.
    public var summary: String {
        let roundedMean = (meanDifference * 10_000).rounded() / 10_000
        return "mean difference \(roundedMean), max \(maximumDifference), \(differingPixels) pixels differ"
    }
}
