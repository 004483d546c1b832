/// Why a scene cannot be placed on a panel (`DisplayPlacement`, `DisplayRotation`); every case names the
/// field and the value.
public enum DisplayPlacementError: Error, Equatable, Sendable {
    /// A panel or scene dimension is not in 1 … 16 384 (field `panelWidth`, `panelHeight`, `sceneWidth`,
    /// `sceneHeight`), or the fitted scene's far edge lies beyond ±32 767 panel pixels (field `placedScene`).
    case invalidSize(field: String, value: Int)
    /// A rotation is not 0, 90, 180 or 270 degrees.
    case invalidRotation(Int)
}

extension DisplayPlacementError: CustomStringConvertible {
    /// One line naming the field and the value (printed by `flipbook play` and the board player).
    public var description: String {
        switch self {
        case let .invalidSize(field, value) where field == "placedScene":
            "the fitted scene would reach \(value) pixels (at most 32767)"
        case let .invalidSize(field, value): "\(field) \(value) is not in 1…16384"
        case let .invalidRotation(degrees): "rotation \(degrees) is not 0, 90, 180 or 270 degrees"
        }
    }
}
