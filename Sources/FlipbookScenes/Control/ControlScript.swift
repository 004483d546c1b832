/// A command script (`flipbook play --commands SCRIPT.json`): a JSON array of `{"t": SECONDS, …command…}`,
/// each command applied at scene time `t`, for tests and golden frames. Setup-time code (allocates).
public struct ControlScript {
    /// One command line at one scene time.
    public struct Step {
        /// Scene time in microseconds.
        public let micros: Int64
        /// The command without `t`, as a JSON line.
        public let line: [UInt8]
    }

    /// The steps in time order (stable for equal times).
    public let steps: [Step]

    /// Reads the script text.
    ///
    /// - Throws: a message naming the entry and the problem (invalid JSON, not an array, a missing or bad `t`).
    public init(json: [UInt8]) throws(ControlScriptError) {
        let root: JSONNode
        do { root = try JSONParser.parse(json) } catch { throw ControlScriptError(message: "\(error)") }
        guard case .array(let entries) = root.value else { throw ControlScriptError(message: "expected an array of commands") }
        var steps: [Step] = []
        for (index, entry) in entries.enumerated() {
            guard case .object(let members) = entry.value else {
                throw ControlScriptError(message: "/\(index): expected a command object")
            }
            guard let time = members.first(where: { $0.key == "t" }), case .number(let seconds) = time.value.value,
                  seconds.isFinite, seconds >= 0, seconds <= SceneLimits.maximumSeconds else {
                throw ControlScriptError(message: "/\(index)/t: expected a scene time in seconds (0 … \(SceneLimits.maximumSeconds))")
            }
            let command = JSONNode(.object(members.filter { $0.key != "t" }), at: entry.position)
            steps.append(Step(micros: Int64((seconds * 1_000_000).rounded()), line: Array(JSONFormatter.format(command, lineWidth: .max).utf8)))
        }
        self.steps = steps.enumerated().sorted { ($0.element.micros, $0.offset) < ($1.element.micros, $1.offset) }.map { $0.element }
    }
}

/// Why a command script was refused.
public struct ControlScriptError: Error, CustomStringConvertible {
    /// What is wrong and where (a JSON pointer into the script).
    public let message: String
    /// The message.
    public var description: String { message }
}
