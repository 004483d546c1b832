import Flipbook

/// Why a control command was refused: every refusal of ``ControlCommandParser`` and ``ControlApplier`` is one
/// of these, and each names the problem. Ranges are byte offsets into the command line, so that a reply can
/// quote the offending name without the error owning a string (``ControlReply`` writes the text).
public enum ControlError: Error {
    /// The line is longer than the parser's limit (bytes); it was dropped.
    case lineTooLong(limit: Int)
    /// The line is not valid JSON: at byte `offset`, `expected` (e.g. "a string") was wanted.
    case malformedJSON(offset: Int, expected: StaticString)
    /// A psplash line that is none of `PROGRESS n`, `MSG text`, `QUIT`.
    case unknownPsplashCommand
    /// The line is valid JSON but not an object.
    case notAnObject
    /// A field this command does not know (the key's bytes in the line).
    case unknownField(Range<Int>)
    /// A field given twice.
    case duplicateField(Range<Int>)
    /// None of `set`, `add`, `remove`, `start`, `progress`, `message`, `quit`.
    case noCommand
    /// Two command fields in one line (e.g. `set` and `quit`).
    case conflictingCommands
    /// A field the command needs is missing (`values` for `set`, …).
    case missingField(StaticString)
    /// A field that belongs to another command (e.g. `duration` with `quit`).
    case misplacedField(StaticString)
    /// No layer of the scene has this name (the name's bytes in the line).
    case unknownLayer(Range<Int>)
    /// Not a key path this build can set (the key path's bytes in the line).
    case unknownProperty(Range<Int>)
    /// `field` holds the wrong kind of JSON value; `expected` says what it takes.
    case wrongValueType(field: StaticString, expected: StaticString)
    /// The value of a key path (its bytes in the line) has the wrong type for it; `expected` says what it takes.
    case wrongPropertyValue(Range<Int>, expected: StaticString)
    /// A number outside the field's range.
    case outOfRange(field: StaticString, value: Double)
    /// The value of a key path (its bytes in the line) is outside its range.
    case propertyOutOfRange(Range<Int>, value: Double)
    /// A key path (its bytes) of shape or text layers only, set on a layer of another kind.
    case wrongLayerKind(Range<Int>, owner: LayerKind)
    /// More than `limit` values in one `set`.
    case tooManyValues(limit: Int)
    /// A key path this command channel cannot set (its bytes): `path`, which needs its own storage.
    case unsupportedProperty(Range<Int>)
    /// The scene has no `bindings` entry for this command ("progress" or "message").
    case unbound(StaticString)
    /// The animation object of `add` is not a valid scene animation (the decoder's first problem).
    case invalidAnimation(String)
    /// No animation with this key in the scene to `start`.
    case unknownAnimationKey(String)
    /// The engine refused the change (its message).
    case refused(String)
}
