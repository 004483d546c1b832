import FlipbookScenes

/// The strict JSON parser: a refusal is a `JSONSyntaxError` with a 1-based position and a message; an accepted
/// text written out by `JSONFormatter` parses back to the same values (numbers, strings, member order).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let node: JSONNode
    do {
        node = try JSONParser.parse(bytes)
    } catch {
        precondition(error.position.line >= 1 && error.position.column >= 1, "error at \(error.position)")
        precondition(!error.message.isEmpty, "a refusal without a message")
        return 0
    }
    let formatted = JSONFormatter.format(node)
    let again: JSONNode
    do {
        again = try JSONParser.parse(Array(formatted.utf8))
    } catch {
        preconditionFailure("the formatter's output is refused: \(error)\n\(formatted)")
    }
    precondition(same(node.value, again.value), "the formatted text parses differently:\n\(formatted)")
    return 0
}

/// Structural equality (numbers by value, members in order).
func same(_ first: JSONValue, _ second: JSONValue) -> Bool {
    switch (first, second) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { same($0.value, $1.value) }
    case (.object(let a), .object(let b)):
        return a.count == b.count && zip(a, b).allSatisfy {
            $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && same($0.value.value, $1.value.value)
        }
    default: return false
    }
}
