/// Why a scene was refused: invalid JSON (with line and column) or a list of problems, all of them.
public struct SceneError: Error, Sendable {
    /// The scene file's name as the user gave it (used as the prefix of every line).
    public var fileName: String
    /// Set when the file is not valid JSON.
    public var syntaxError: JSONSyntaxError?
    /// Every problem found in a well-formed file, in document order.
    public var problems: [SceneProblem]
    /// Set when the file could not be read at all.
    public var readFailure: String?

    /// One line per problem: `scene.json: /layers/2/opacity: must be between 0 and 1 (1.5)`, or
    /// `scene.json:3:14: invalid JSON: …`.
    public var lines: [String] {
        if let readFailure { return ["\(fileName): \(readFailure)"] }
        if let syntaxError { return ["\(fileName):\(syntaxError)"] }
        return problems.map { "\(fileName): \($0)" }
    }
}
