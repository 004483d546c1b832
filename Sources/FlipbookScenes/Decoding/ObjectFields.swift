/// The members of one JSON object being decoded: hands out members by key and remembers which were used, so
/// that every member left over can be reported as an unknown field.
final class ObjectFields {
    /// The object's JSON pointer.
    let pointer: String
    private let members: [JSONMember]
    private var used: Set<String> = []

    init(members: [JSONMember], pointer: String) {
        self.members = members
        self.pointer = pointer
    }

    /// The value of `key` and its pointer, marking the key as used; `nil` when absent.
    func take(_ key: String) -> (node: JSONNode, pointer: String)? {
        used.insert(key)
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return (member.value, JSONPointer.appending(key, to: pointer))
    }

    /// Whether `key` is present (does not mark it as used).
    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    /// Members whose keys were never taken, in source order.
    var unusedMembers: [JSONMember] {
        members.filter { !used.contains($0.key) }
    }

    /// Members whose key appeared earlier in the same object, with the position of the first occurrence.
    var duplicateMembers: [(member: JSONMember, first: SourcePosition)] {
        var firstPositions: [String: SourcePosition] = [:]
        var duplicates: [(member: JSONMember, first: SourcePosition)] = []
        for member in members {
            if let first = firstPositions[member.key] {
                duplicates.append((member, first))
            } else {
                firstPositions[member.key] = member.keyPosition
            }
        }
        return duplicates
    }
}
