/// One problem found in a scene file: where (a JSON pointer) and what.
public struct SceneProblem: Equatable, Sendable, CustomStringConvertible {
    /// The JSON pointer of the offending value (`/` for the whole document), e.g. `/layers/2/opacity`.
    public var pointer: String
    /// What is wrong, e.g. `must be between 0 and 1 (1.5)`.
    public var message: String

    /// Creates a problem.
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`.
    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
}
