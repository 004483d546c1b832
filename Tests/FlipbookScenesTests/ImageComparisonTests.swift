import FlipbookSim
import ImageCodecs
import Testing

@Suite struct ImageComparisonTests {
    private let picture = PixelImage(width: 2, height: 2, rgba: [
        255, 0, 0, 255, 0, 255, 0, 128,
        0, 0, 255, 0, 10, 20, 30, 255,
    ])!

    @Test func comparisonReportsMeanMaximumAndWhere() throws {
        var other = picture
        other.rgba[4] = 10
        other.rgba[14] = 33
        let comparison = try #require(ImageComparison(expected: picture, actual: other))
        #expect(comparison.maximumDifference == 10)
        #expect(comparison.differingPixels == 2)
        #expect(comparison.meanDifference == 13.0 / 16.0)
        #expect(comparison.differenceImage.pixel(x: 1, y: 0) == (104, 0, 0, 255))
        #expect(comparison.differenceImage.pixel(x: 0, y: 0) == (21, 21, 21, 255))
        #expect(ImageComparison(expected: picture, actual: PixelImage(width: 1, height: 1)) == nil)
        #expect(try #require(ImageComparison(expected: picture, actual: picture)).isIdentical)
    }
}
