/// Why a path, a stroke or a rasterization request could not be carried out.
///
/// Every case names the offending field and value. Coordinates are reported as raw bits with their
/// format stated in the case. The payloads are trivial values, so throwing never allocates and frame-path
/// functions may throw this error.
public enum GeometryError: Error, Equatable, Sendable {
    /// A capacity given at setup is not usable (`field` names the parameter; `value` what was given).
    case invalidCapacity(field: CapacityField, value: Int)
    /// The path already holds `limit` points; appending more would exceed the documented point limit.
    case pointLimitExceeded(limit: Int)
    /// A segment or a close was added before any `move`.
    case missingMoveTo(verbIndex: Int)
    /// A transformed coordinate lies outside the rasterizer's range (raw Q16.16 bits, as a 64-bit value;
    /// the accepted range is ±`Rasterizer.coordinateLimit` pixels).
    case coordinateOutOfRange(axis: Axis, raw: Int64)
    /// The edge list of the rasterizer scratch is full (`capacity` edges); the draw was abandoned before
    /// anything was emitted.
    case edgeCapacityExceeded(capacity: Int)
    /// The polyline scratch used by stroking is full (`capacity` points).
    case polylineCapacityExceeded(capacity: Int)
    /// The clip rectangle is wider than one row of the cell scratch allows (`cellsPerRow` available).
    case clipTooWide(width: Int, cellsPerRow: Int)
    /// The clip rectangle has a negative size or lies outside ±`Rasterizer.coordinateLimit`.
    case invalidClip(x: Int, y: Int, width: Int, height: Int)
    /// A stroke width must be positive (raw Q16.16 bits of the value given).
    case invalidLineWidth(raw: Int32)
    /// A miter limit must be at least 1 (raw Q16.16 bits of the value given).
    case invalidMiterLimit(raw: Int32)
    /// Trim fractions must satisfy 0 ≤ start ≤ end ≤ 1 (raw Q17.15 bits of the values given).
    case invalidTrim(startRaw: Int32, endRaw: Int32)
    /// Two paths cannot be interpolated: their verb lists differ at `verbIndex` (or in length).
    case mismatchedStructure(verbIndex: Int)
    /// A point index outside 0 ..< `count`.
    case pointIndexOutOfRange(index: Int, count: Int)
    /// An arc or ellipse was given a negative or out-of-range radius (raw Q16.16 bits).
    case invalidRadius(raw: Int32)

    /// A coordinate axis, for errors that name one.
    public enum Axis: Sendable {
        /// Horizontal.
        case x
        /// Vertical.
        case y
    }

    /// The setup parameters of `RasterizerCapacity` and `Path`, for `invalidCapacity`.
    public enum CapacityField: Sendable {
        /// `RasterizerCapacity.edges`.
        case edges
        /// `RasterizerCapacity.cells`.
        case cells
        /// `RasterizerCapacity.polylinePoints`.
        case polylinePoints
        /// `Path(pointLimit:)`.
        case pathPoints
    }
}
