import Flipbook

/// One parsed control command (SCENE-FORMAT.md "Control from other processes"). Texts and settings point into
/// the parser's storage and the command line: valid until the parser's next `parse`.
public enum ControlCommand {
    /// `{"set": LAYER, "values": {…}, "duration": S, "timingFunction": …}`: one transaction of model changes,
    /// animated implicitly (duration 0: set without animating).
    case set(ControlSet)
    /// `{"add": LAYER, "animation": {…}}`: the animation object's bytes, decoded when applied.
    case add(layer: LayerID, animation: ControlText)
    /// `{"remove": LAYER, "key": KEY}`.
    case remove(layer: LayerID, key: ControlText)
    /// `{"start": KEY}` (every layer with an animation of that key in the scene) or
    /// `{"start": {"layer": LAYER, "key": KEY}}`: the scene's animation again, beginning now.
    case start(layer: LayerID?, key: ControlText)
    /// `{"progress": 0 … 1}` (psplash: `PROGRESS n` as n / 100), routed by the scene's `bindings`.
    case progress(Double)
    /// `{"message": TEXT}` (psplash: `MSG text`), routed by the scene's `bindings`.
    case message(ControlText)
    /// `{"quit": true, "retain": BOOL}` (psplash: `QUIT`): stop playing; `retain` leaves the last frame.
    case quit(retain: Bool)
}

/// The model changes of one `set` command.
public struct ControlSet {
    /// The layer changed.
    public let layer: LayerID
    /// The changes, in the order given.
    public let settings: UnsafeBufferPointer<ControlSetting>
    /// The implicit animation's duration in seconds (0: no animation; default 0.25 as in Core Animation).
    public let duration: Double
    /// The implicit animation's curve (nil: the default).
    public let timingFunction: TimingFunction?
}

/// One property change of a `set` command.
public struct ControlSetting {
    /// The property, as the engine names it.
    public let property: LayerProperty
    /// The new model value.
    public let value: PropertyValue
}

/// UTF-8 text of a command (a key, a message, an animation object's JSON), borrowed from the parser.
public struct ControlText {
    /// The bytes, valid until the parser's next `parse`.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// The text as a `String` (allocates: for applying, not for the parse).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the bytes equal `text`'s UTF-8.
    public func equals(_ text: String) -> Bool {
        var index = 0
        for byte in text.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return index == bytes.count
    }
}
