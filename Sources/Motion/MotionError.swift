/// The parameter a `MotionError` is about, named as Core Animation names it.
public enum MotionField: Sendable, Equatable {
    /// A `CAMediaTiming` field.
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration
    /// A timing function's control point coordinate.
    case controlPointX1, controlPointY1, controlPointX2, controlPointY2
    /// A spring parameter (`CASpringAnimation`, UIKit's and SwiftUI's spring descriptions).
    case mass, stiffness, damping, initialVelocity, dampingRatio, settlingDuration
    /// A keyframe list (`CAKeyframeAnimation`).
    case values, keyTimes, timingFunctions, tensionValues, continuityValues, biasValues
    /// The points of a path being interpolated.
    case pathPoints
    /// The capacity of a `MotionStore`, or the store a value is made in.
    case storeCapacity

    /// The field's name as it appears in Core Animation and the scene format (`"repeatCount"`).
    public var name: StaticString {
        switch self {
        case .beginTime: "beginTime"
        case .duration: "duration"
        case .speed: "speed"
        case .timeOffset: "timeOffset"
        case .repeatCount: "repeatCount"
        case .repeatDuration: "repeatDuration"
        case .controlPointX1: "controlPoints.x1"
        case .controlPointY1: "controlPoints.y1"
        case .controlPointX2: "controlPoints.x2"
        case .controlPointY2: "controlPoints.y2"
        case .mass: "mass"
        case .stiffness: "stiffness"
        case .damping: "damping"
        case .initialVelocity: "initialVelocity"
        case .dampingRatio: "dampingRatio"
        case .settlingDuration: "settlingDuration"
        case .values: "values"
        case .keyTimes: "keyTimes"
        case .timingFunctions: "timingFunctions"
        case .tensionValues: "tensionValues"
        case .continuityValues: "continuityValues"
        case .biasValues: "biasValues"
        case .pathPoints: "pathPoints"
        case .storeCapacity: "storeCapacity"
        }
    }
}

/// Why timing parameters, a curve, a spring or keyframes were refused at construction.
///
/// Every case names the field and carries the offending value, so a caller can print one precise line
/// (see `message`). Payloads are trivial values: throwing never allocates.
public enum MotionError: Error, Sendable, Equatable {
    /// NaN or an infinity where a finite number is required.
    case notFinite(field: MotionField, value: Double)
    /// A value below zero where zero or more is required (for example a negative duration).
    case negative(field: MotionField, value: Double)
    /// A value ≤ 0 where a positive number is required (mass, stiffness, duration).
    case notPositive(field: MotionField, value: Double)
    /// A value outside the inclusive range `lower … upper` the runtime supports.
    case outOfRange(field: MotionField, value: Double, lower: Double, upper: Double)
    /// Entry `index` (`value`) is smaller than the entry before it (`previous`).
    case notNonDecreasing(field: MotionField, index: Int, value: Double, previous: Double)
    /// The first or last entry of keyTimes is not 0 or 1 (`index` says which, `value` what it is).
    case badEndpoint(field: MotionField, index: Int, value: Double, expected: Double)
    /// A list has `actual` entries where `expected` are required.
    case wrongCount(field: MotionField, expected: Int, actual: Int)
    /// Value `index` has a structure (a path's point count) different from value 0.
    case mismatchedStructure(field: MotionField, index: Int, count: Int, expected: Int)
    /// The setup-time store cannot hold `requested` more bytes (`available` remain).
    case storeFull(field: MotionField, requested: Int, available: Int)

    /// One line naming the field and the problem, e.g. `duration: must be positive (got -1.0)`.
    public var message: String {
        switch self {
        case let .notFinite(field, value):
            "\(field.name): must be finite (got \(value))"
        case let .negative(field, value):
            "\(field.name): must not be negative (got \(value))"
        case let .notPositive(field, value):
            "\(field.name): must be positive (got \(value))"
        case let .outOfRange(field, value, lower, upper):
            "\(field.name): must be within \(lower)…\(upper) (got \(value))"
        case let .notNonDecreasing(field, index, value, previous):
            "\(field.name)[\(index)]: must be non-decreasing (\(value) after \(previous))"
        case let .badEndpoint(field, index, value, expected):
            "\(field.name)[\(index)]: must be \(expected) (got \(value))"
        case let .wrongCount(field, expected, actual):
            "\(field.name): needs \(expected) entries (got \(actual))"
        case let .mismatchedStructure(field, index, count, expected):
            "\(field.name)[\(index)]: has \(count) points where value 0 has \(expected)"
        case let .storeFull(field, requested, available):
            "\(field.name): store full (\(requested) bytes requested, \(available) left)"
        }
    }
}
