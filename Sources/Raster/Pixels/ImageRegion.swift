/// A rectangle of an image in its pixel coordinates (raw Q16.16, so a region may be fractional and may reach
/// past the image's edges): the part of the image `Surface.drawImage(_:region:transform:opacity:)` draws, as
/// Core Animation's `contentsRect` selects part of a layer's contents. Texels outside the image repeat its
/// edge pixels.
public struct ImageRegion: Equatable, Sendable {
    /// Left edge, raw Q16.16 image pixels.
    public let minX: Int64
    /// Top edge.
    public let minY: Int64
    /// Right edge.
    public let maxX: Int64
    /// Bottom edge.
    public let maxY: Int64

    /// A region from its raw Q16.16 edges.
    ///
    /// - Throws: `.invalidImageRegion` unless `minX < maxX`, `minY < maxY` and every edge lies within
    ///   ±2^22 pixels.
    @inlinable
    public init(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) throws(RasterError) {
        let limit: Int64 = 1 << 38  // 2^22 pixels (`ImageQuad.coordinateLimit`), Q16.16
        guard minX < maxX, minY < maxY, minX >= -limit, minY >= -limit, maxX <= limit, maxY <= limit else {
            throw .invalidImageRegion(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The whole of a `width × height` image.
    init(width: Int, height: Int) {
        minX = 0
        minY = 0
        maxX = Int64(width) &<< 16
        maxY = Int64(height) &<< 16
    }

    /// `transform` applied to the region's unit square: (0, 0) → (minX, minY), (1, 1) → (maxX, maxY); nil when
    /// an entry leaves 64 bits.
    func outline(_ transform: ImageTransform) -> ImageTransform? {
        let f = transform.forward
        let width = maxX &- minX, height = maxY &- minY
        var rows: [3 of [3 of Int64]] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        for column in 0..<3 {
            guard let first = Self.q16Product(f[0][column], width),
                  let second = Self.q16Product(f[1][column], height),
                  let offsetX = Self.q16Product(f[0][column], minX),
                  let offsetY = Self.q16Product(f[1][column], minY) else { return nil }
            let (partial, o1) = f[2][column].addingReportingOverflow(offsetX)
            let (constant, o2) = partial.addingReportingOverflow(offsetY)
            if o1 || o2 { return nil }
            rows[0][column] = first
            rows[1][column] = second
            rows[2][column] = constant
        }
        return try? ImageTransform(rows: rows[0], rows[1], rows[2])
    }

    /// `entry × value / 2^16` (rounded toward negative infinity), nil beyond 64 bits.
    static func q16Product(_ entry: Int64, _ value: Int64) -> Int64? {
        let product = entry.multipliedFullWidth(by: value)
        let shifted = (product.high &<< 48) | Int64(bitPattern: product.low &>> 16)
        return product.high &>> 15 == shifted &>> 63 ? shifted : nil
    }
}
