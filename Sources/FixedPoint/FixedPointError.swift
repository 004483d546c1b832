/// Why a value could not become a fixed-point quantity, or why a fixed-point operation has no answer.
///
/// Every case names the offending value; `field` is the caller's name for it (for example `"opacity"`),
/// or `nil` when the caller gave none. The payloads are trivial values (no `String`), so throwing and
/// dropping this error never allocates, and frame-path functions may throw it.
public enum FixedPointError: Error, Sendable {
    /// The `Double` was NaN or ±∞.
    case notFinite(field: StaticString?, value: Double)
    /// The value lies outside the range the target format can hold (`range` is inclusive, in real units).
    case outOfRange(field: StaticString?, value: Double, range: ClosedRange<Double>)
    /// A division had a zero divisor.
    case divisionByZero(field: StaticString?)
    /// A matrix cannot be inverted: its determinant (raw bits, Q32.32 for `Affine`, stated by the
    /// throwing function otherwise) is zero, or so small that the inverse leaves the `Fixed` range.
    case notInvertible(determinantRaw: Int64)
    /// A premultiplied colour channel exceeds its alpha (premultiplied channels are at most alpha).
    case channelExceedsAlpha(channel: UInt8, alpha: UInt8)
    /// An intermediate or result of the named operation (for example `"Transform3D.concatenating"`)
    /// does not fit its fixed-point format.
    case overflow(operation: StaticString)
    /// A matrix is not of the form the decomposition describes (scale · rotation · translation ·
    /// perspective); `reason` says which part failed (for example `"shear"`).
    case notDecomposable(reason: StaticString)
}

extension FixedPointError: Equatable {
    /// Two errors are equal when their cases, field names (compared byte for byte) and values match.
    public static func == (lhs: FixedPointError, rhs: FixedPointError) -> Bool {
        switch (lhs, rhs) {
        case let (.notFinite(leftField, leftValue), .notFinite(rightField, rightValue)):
            return sameField(leftField, rightField) && leftValue.bitPattern == rightValue.bitPattern
        case let (.outOfRange(leftField, leftValue, leftRange), .outOfRange(rightField, rightValue, rightRange)):
            return sameField(leftField, rightField) && leftValue == rightValue && leftRange == rightRange
        case let (.divisionByZero(leftField), .divisionByZero(rightField)):
            return sameField(leftField, rightField)
        case let (.notInvertible(left), .notInvertible(right)):
            return left == right
        case let (.channelExceedsAlpha(leftChannel, leftAlpha), .channelExceedsAlpha(rightChannel, rightAlpha)):
            return leftChannel == rightChannel && leftAlpha == rightAlpha
        case let (.overflow(left), .overflow(right)):
            return sameField(left, right)
        case let (.notDecomposable(left), .notDecomposable(right)):
            return sameField(left, right)
        default:
            return false
        }
    }

    private static func sameField(_ lhs: StaticString?, _ rhs: StaticString?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case let (left?, right?):
            return left.withUTF8Buffer { leftBytes in
                right.withUTF8Buffer { rightBytes in leftBytes.elementsEqual(rightBytes) }
            }
        default: return false
        }
    }
}
