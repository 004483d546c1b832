import FixedPoint
import FlipbookInput
import FlipbookScenes

/// A replayed input script (`flipbook play --input EVENTS.json`, `render --input`): a JSON array of
/// `{"t": SECONDS, "type": "down" | "move" | "up", "x": X, "y": Y, "id": FINGER}` in scene points, each a
/// pointer event at scene time `t`. Setup-time code (allocates).
public struct InputScript {
    /// The events in time order (stable for equal times), times in µs of scene time.
    public let events: [PointerEvent]

    /// Reads the script text: every entry is checked (fields, ranges, and that a finger goes down before it
    /// moves or lifts, and lifts before it goes down again).
    ///
    /// - Throws: the first problem, naming the entry by JSON pointer.
    public init(json: [UInt8]) throws(InputScriptError) {
        let root: JSONNode
        do { root = try JSONParser.parse(json) } catch { throw InputScriptError(message: error.description) }
        guard case .array(let entries) = root.value else { throw InputScriptError(message: "expected an array of input events") }
        var events: [PointerEvent] = []
        for (index, entry) in entries.enumerated() {
            events.append(try Self.event(entry, at: "/\(index)"))
        }
        events = events.enumerated().sorted { ($0.element.timeMicros, $0.offset) < ($1.element.timeMicros, $1.offset) }
            .map { $0.element }
        var down = [Bool](repeating: false, count: EvdevDecoder.slotCapacity)
        for event in events {
            let finger = Int(event.contact)
            let time = "t=\(Double(event.timeMicros) / 1e6) s"
            switch event.phase {
            case .down:
                guard !down[finger] else { throw InputScriptError(message: "finger \(finger) goes down again at \(time) without lifting") }
                down[finger] = true
            default:
                guard down[finger] else { throw InputScriptError(message: "finger \(finger) moves or lifts at \(time) without touching first") }
                if event.phase == .up { down[finger] = false }
            }
        }
        self.events = events
    }

    private static func event(_ node: JSONNode, at pointer: String) throws(InputScriptError) -> PointerEvent {
        guard case .object(let members) = node.value else { throw InputScriptError(message: "\(pointer): expected an event object") }
        for member in members where !["t", "type", "x", "y", "id"].contains(member.key) {
            throw InputScriptError(message: "\(pointer)/\(member.key): unknown field")
        }
        func number(_ key: String, default defaultValue: Double? = nil) throws(InputScriptError) -> Double {
            guard let member = members.first(where: { $0.key == key }) else {
                if let defaultValue { return defaultValue }
                throw InputScriptError(message: "\(pointer)/\(key): required field is missing")
            }
            guard case .number(let value) = member.value.value else {
                throw InputScriptError(message: "\(pointer)/\(key): expected a number, found \(member.value.value.typeDescription)")
            }
            return value
        }
        let seconds = try number("t")
        guard seconds.isFinite, seconds >= 0, seconds <= SceneLimits.maximumSeconds else {
            throw InputScriptError(message: "\(pointer)/t: expected a scene time in seconds (0 … \(SceneLimits.maximumSeconds))")
        }
        guard let type = members.first(where: { $0.key == "type" }) else {
            throw InputScriptError(message: "\(pointer)/type: required field is missing (\"down\", \"move\" or \"up\")")
        }
        let phase: PointerPhase
        switch type.value.value {
        case .string("down"): phase = .down
        case .string("move"): phase = .move
        case .string("up"): phase = .up
        default: throw InputScriptError(message: "\(pointer)/type: expected \"down\", \"move\" or \"up\"")
        }
        var position: [Fixed] = []
        for key in ["x", "y"] {
            let value = try number(key)
            let limit = Double(SceneLimits.maximumCanvasSide) * 4
            guard value.isFinite, abs(value) <= limit, let fixed = try? Fixed(exactly: value) else {
                throw InputScriptError(message: "\(pointer)/\(key): expected scene points within ±\(Int(limit)) (found \(value))")
            }
            position.append(fixed)
        }
        let finger = try number("id", default: 0)
        guard finger == finger.rounded(), finger >= 0, finger < Double(EvdevDecoder.slotCapacity) else {
            throw InputScriptError(message: "\(pointer)/id: expected a finger number from 0 to \(EvdevDecoder.slotCapacity - 1) (found \(finger))")
        }
        return PointerEvent(phase: phase, contact: UInt8(finger), x: position[0], y: position[1],
                            timeMicros: Int64((seconds * 1_000_000).rounded()))
    }
}

/// Why an input script was refused.
public struct InputScriptError: Error, CustomStringConvertible {
    /// What is wrong and where (a JSON pointer into the script).
    public let message: String
    /// The message.
    public var description: String { message }
}
