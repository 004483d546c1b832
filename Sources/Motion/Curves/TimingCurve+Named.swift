import FixedPoint

extension TimingCurve {
    /// The named timing functions of Core Animation (`CAMediaTimingFunctionName`), with their control
    /// points (`SEMANTICS.md` §2).
    public enum Name: CaseIterable, Sendable {
        /// (0, 0, 1, 1): y = x.
        case linear
        /// (0.42, 0, 1, 1).
        case easeIn
        /// (0, 0, 0.58, 1).
        case easeOut
        /// (0.42, 0, 0.58, 1).
        case easeInEaseOut
        /// (0.25, 0.1, 0.25, 1): Core Animation's `default`, CSS `ease`.
        case `default`

        /// The control points (x1, y1, x2, y2).
        public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
            switch self {
            case .linear: (0, 0, 1, 1)
            case .easeIn: (0.42, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            case .easeInEaseOut: (0.42, 0, 0.58, 1)
            case .default: (0.25, 0.1, 0.25, 1)
            }
        }

        var tableIndex: Int {
            switch self {
            case .linear: 0
            case .easeIn: 1
            case .easeOut: 2
            case .easeInEaseOut: 3
            case .default: 4
            }
        }
    }

    /// The static 256-segment table of a named curve (built once, on first use, at setup).
    public init(named name: Name) {
        self.init(table: namedCurveTables + name.tableIndex * namedTableStride, segmentShift: 7)
    }

    /// y = x.
    public static var linear: TimingCurve { TimingCurve(named: .linear) }
    /// Slow start.
    public static var easeIn: TimingCurve { TimingCurve(named: .easeIn) }
    /// Slow end.
    public static var easeOut: TimingCurve { TimingCurve(named: .easeOut) }
    /// Slow start and end.
    public static var easeInEaseOut: TimingCurve { TimingCurve(named: .easeInEaseOut) }
    /// Core Animation's default curve (CSS `ease`).
    public static var `default`: TimingCurve { TimingCurve(named: .default) }
}

/// Entries per named table: 257 samples and the guard copy.
private let namedTableStride = 258

/// The five named tables, one process-lifetime allocation built at first use (never freed).
nonisolated(unsafe) private let namedCurveTables: UnsafePointer<Int32> = {
    let tables = UnsafeMutablePointer<Int32>.allocate(capacity: namedTableStride * TimingCurve.Name.allCases.count)
    for name in TimingCurve.Name.allCases {
        let points = name.controlPoints
        // The named control points are valid constants, so this cannot fail.
        guard let bezier = try? CubicBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2) else {
            continue
        }
        TimingCurve.fill(tables + name.tableIndex * namedTableStride, with: { bezier.solve($0, epsilon: 1e-13) },
                         segmentShift: 7)
    }
    return UnsafePointer(tables)
}()
