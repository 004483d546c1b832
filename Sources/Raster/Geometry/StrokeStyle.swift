import FixedPoint

/// How the open ends of a stroked subpath are drawn.
public enum LineCap: Sendable {
    /// The stroke ends flat at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke extends flat by half its width beyond the end point.
    case square
}

/// How a stroke turns a corner between two segments.
public enum LineJoin: Sendable {
    /// The outer edges are extended to meet in a point, unless that point lies farther than
    /// `miterLimit` × half the width from the corner (then `bevel`).
    case miter
    /// An arc of the stroke's half width around the corner.
    case round
    /// The outer corners are joined by a straight line.
    case bevel
}

/// A stroke's geometry: width, caps, joins and the trimmed part of the path (as `CAShapeLayer`).
public struct StrokeStyle: Sendable, Equatable {
    /// Line width in path units (Q16.16), > 0. Widths are scaled by the transform with the path.
    public var lineWidth: Fixed
    /// The caps of open subpaths (and of subpaths cut by trimming).
    public var lineCap: LineCap
    /// The joins between segments.
    public var lineJoin: LineJoin
    /// The largest miter length as a multiple of the line width (Q16.16), ≥ 1; Core Animation's default 10.
    public var miterLimit: Fixed
    /// Where the stroke starts, as a fraction of the whole path's length (all subpaths in order), 0…1.
    public var strokeStart: Progress
    /// Where the stroke ends, as a fraction of the whole path's length, `strokeStart`…1.
    public var strokeEnd: Progress

    /// A style; checked when it is used (`validate()`).
    @inlinable
    public init(
        lineWidth: Fixed = .one, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Fixed = Fixed(10), strokeStart: Progress = .zero, strokeEnd: Progress = .one
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// Checks the fields.
    ///
    /// - Throws: `.invalidLineWidth` for a width ≤ 0, `.invalidMiterLimit` below 1, `.invalidTrim` unless
    ///   0 ≤ strokeStart ≤ strokeEnd ≤ 1.
    @inlinable
    public func validate() throws(GeometryError) {
        guard lineWidth.raw > 0 else { throw .invalidLineWidth(raw: lineWidth.raw) }
        guard miterLimit.raw >= Fixed.one.raw else { throw .invalidMiterLimit(raw: miterLimit.raw) }
        guard strokeStart.raw >= 0, strokeStart.raw <= strokeEnd.raw, strokeEnd.raw <= Progress.one.raw else {
            throw .invalidTrim(startRaw: strokeStart.raw, endRaw: strokeEnd.raw)
        }
    }

    /// Whether trimming removes anything.
    @inlinable
    var isTrimmed: Bool { strokeStart.raw > 0 || strokeEnd.raw < Progress.one.raw }

    /// Two styles are equal when every field is (written out so that it can be `@inlinable`).
    @inlinable
    public static func == (lhs: StrokeStyle, rhs: StrokeStyle) -> Bool {
        lhs.lineWidth == rhs.lineWidth && lhs.miterLimit == rhs.miterLimit && lhs.strokeStart == rhs.strokeStart
            && lhs.strokeEnd == rhs.strokeEnd && StrokeStyle.same(lhs.lineCap, rhs.lineCap)
            && StrokeStyle.same(lhs.lineJoin, rhs.lineJoin)
    }

    @inlinable
    static func same(_ lhs: LineCap, _ rhs: LineCap) -> Bool {
        switch (lhs, rhs) {
        case (.butt, .butt), (.round, .round), (.square, .square): return true
        default: return false
        }
    }

    @inlinable
    static func same(_ lhs: LineJoin, _ rhs: LineJoin) -> Bool {
        switch (lhs, rhs) {
        case (.miter, .miter), (.round, .round), (.bevel, .bevel): return true
        default: return false
        }
    }
}
