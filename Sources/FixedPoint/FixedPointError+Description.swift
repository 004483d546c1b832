extension FixedPointError: CustomStringConvertible {
    /// A one-line message naming the field and the value, for logs and command-line errors.
    public var description: String {
        switch self {
        case let .notFinite(field, value):
            return "\(FixedPointError.name(field)) must be a finite number (got \(value))"
        case let .outOfRange(field, value, range):
            return "\(FixedPointError.name(field)) \(value) is outside \(range.lowerBound) … \(range.upperBound)"
        case let .divisionByZero(field):
            return "\(FixedPointError.name(field)): division by zero"
        case let .notInvertible(determinantRaw):
            return "matrix is not invertible (determinant raw 0x\(String(determinantRaw, radix: 16)))"
        case let .channelExceedsAlpha(channel, alpha):
            return "premultiplied channel \(channel) exceeds alpha \(alpha)"
        case let .overflow(operation):
            return "\(operation): result outside the fixed-point range"
        case let .notDecomposable(reason):
            return "matrix cannot be decomposed into scale, rotation, translation and perspective (\(reason))"
        }
    }

    private static func name(_ field: StaticString?) -> String {
        guard let field else { return "value" }
        return "\(field)"
    }
}
