/// What a number in a scene must satisfy, with the message given when it does not.
enum NumberRule {
    /// A coordinate or offset: |v| ≤ ``SceneLimits/maximumCoordinate``.
    case coordinate
    /// A length or radius: 0 … ``SceneLimits/maximumCoordinate``.
    case length
    /// A fraction: 0 … 1.
    case unit
    /// A time in seconds, either sign: |v| ≤ ``SceneLimits/maximumSeconds``.
    case seconds
    /// A positive duration: 0 < v ≤ ``SceneLimits/maximumSeconds``.
    case positiveSeconds
    /// A non-negative duration: 0 ≤ v ≤ ``SceneLimits/maximumSeconds``.
    case nonNegativeSeconds
    /// Strictly positive, at most the bound.
    case positive(atMost: Double)
    /// Not negative, at most the bound.
    case nonNegative(atMost: Double)
    /// Within a closed range.
    case range(ClosedRange<Double>)

    /// `nil` when `value` is acceptable, otherwise the message (which names the value).
    func violation(_ value: Double) -> String? {
        let shown = formatNumber(value)
        switch self {
        case .coordinate:
            return abs(value) <= SceneLimits.maximumCoordinate ? nil
                : "must be within ±\(formatNumber(SceneLimits.maximumCoordinate)) (\(shown))"
        case .length:
            return Self.range(0...SceneLimits.maximumCoordinate).violation(value)
        case .unit:
            return Self.range(0...1).violation(value)
        case .seconds:
            return abs(value) <= SceneLimits.maximumSeconds ? nil
                : "must be within ±\(formatNumber(SceneLimits.maximumSeconds)) s (\(shown))"
        case .positiveSeconds:
            return Self.positive(atMost: SceneLimits.maximumSeconds).violation(value)
        case .nonNegativeSeconds:
            return Self.nonNegative(atMost: SceneLimits.maximumSeconds).violation(value)
        case .positive(let bound):
            if value <= 0 { return "must be greater than 0 (\(shown))" }
            return value <= bound ? nil : "must be at most \(formatNumber(bound)) (\(shown))"
        case .nonNegative(let bound):
            if value < 0 { return "must not be negative (\(shown))" }
            return value <= bound ? nil : "must be at most \(formatNumber(bound)) (\(shown))"
        case .range(let range):
            return range.contains(value) ? nil
                : "must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)) (\(shown))"
        }
    }
}
