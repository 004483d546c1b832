/// Unit progress in Q17.15: `one` (1 << 15) is exactly 1.0 and `zero` exactly 0.
///
/// Eased progress may overshoot below 0 or above 1 (a custom timing curve with y outside [0, 1]), so the
/// storage is a signed `Int32`.
@frozen
public struct Progress: Hashable, Comparable, Sendable {
    /// The raw Q17.15 bits.
    public var raw: Int32

    /// The number of fraction bits.
    @inlinable public static var fractionBits: Int32 { 15 }

    /// Creates a value from its raw Q17.15 bits.
    @inlinable
    public init(raw: Int32) { self.raw = raw }

    /// Exactly 0.
    @inlinable public static var zero: Progress { Progress(raw: 0) }
    /// Exactly 1.
    @inlinable public static var one: Progress { Progress(raw: 1 << 15) }

    @inlinable
    public static func < (lhs: Progress, rhs: Progress) -> Bool { lhs.raw < rhs.raw }
}
