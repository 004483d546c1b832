import Testing
@testable import FlipbookScenes

@Suite struct JSONParserTests {
    @Test func keepsMemberOrderAndPositions() throws {
        let node = try JSONParser.parse("{\n  \"b\": 1,\n  \"a\": [true, null],\n  \"c\": \"x\"\n}")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[1].value.position == SourcePosition(line: 3, column: 8))
        guard case .array(let elements) = members[1].value.value else { Issue.record("not an array"); return }
        #expect(elements[1].position == SourcePosition(line: 3, column: 15))
    }

    @Test func resolvesEscapesAndSurrogatePairs() throws {
        let node = try JSONParser.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        guard case .string(let text) = node.value else { Issue.record("not a string"); return }
        #expect(text == "a\"b\\c/d\n\u{e9}\u{1F600}")
    }

    @Test func columnsCountScalarsNotBytes() {
        // "é" is two UTF-8 bytes but one column: the error is at column 8.
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 1, column: 8), message: "unexpected end of input, expected ',' or '}'")) {
            try JSONParser.parse("{\"é\": 1")
        }
    }

    @Test(arguments: [
        ("[1, 2", 1, 6, "unexpected end of input, expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "unexpected '1', expected ':' after an object key"),
        ("[01]", 1, 3, "leading zero in a number"),
        ("[1.]", 1, 4, "expected a digit after '.'"),
        ("[tru]", 1, 5, "unexpected ']' in literal, expected 'true'"),
        ("\"\\x\"", 1, 3, "invalid escape \\'x'"),
        ("\"\\ud800\"", 1, 8, "unpaired surrogate \\uD800"),
        ("1 2", 1, 3, "unexpected '2' after the top-level value"),
        ("\n\n  +1", 3, 3, "unexpected '+', expected a value"),
        ("[1e999]", 1, 2, "number 1e999 is out of range"),
        ("", 1, 1, "unexpected end of input, expected a value"),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: line, column: column), message: message)) {
            try JSONParser.parse(text)
        }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError(position: SourcePosition(line: 1, column: 65), message: "nesting deeper than 64 levels")) {
            try JSONParser.parse(deep)
        }
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(allowed) }
    }

    /// Random documents built together with their expected values; the parser must give back exactly those.
    @Test func roundTripsRandomDocuments() throws {
        let seed: UInt64 = 0x5CE7E5_2026
        print("JSONParserTests.roundTripsRandomDocuments seed \(seed)")
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let (text, expected) = RandomJSON.value(depth: 0, using: &random)
            let parsed = try JSONParser.parse(text)
            #expect(RandomJSON.render(parsed) == expected, "text: \(text)")
        }
    }
}

/// Generates JSON text and, independently, a canonical rendering of what it means.
enum RandomJSON {
    static func value(depth: Int, using random: inout SplitMix64) -> (text: String, canonical: String) {
        let choice = depth > 3 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0: return ("null", "null")
        case 1: let flag = Bool.random(using: &random); return ("\(flag)", "\(flag)")
        case 2:
            let integer = Int.random(in: -100_000...100_000, using: &random)
            let fraction = Int.random(in: 0..<1000, using: &random)
            let text = "\(integer).\(String(fraction + 1000).dropFirst())"
            return (text, "n\(Double(text)!)")
        case 3:
            let words = ["plain", "tab\\t", "quote\\\"", "uni\\u00e9", "slash\\/"]
            let meanings = ["plain", "tab\t", "quote\"", "uni\u{e9}", "slash/"]
            let pick = Int.random(in: 0..<words.count, using: &random)
            return ("\"\(words[pick])\"", "s\(meanings[pick])")
        case 4:
            let count = Int.random(in: 0..<4, using: &random)
            let items = (0..<count).map { _ in value(depth: depth + 1, using: &random) }
            return ("[ " + items.map(\.text).joined(separator: " ,\n") + "]", "[" + items.map(\.canonical).joined(separator: ",") + "]")
        default:
            let count = Int.random(in: 0..<4, using: &random)
            let items = (0..<count).map { index in (key: "k\(index)", item: value(depth: depth + 1, using: &random)) }
            return ("{" + items.map { "\"\($0.key)\" :\t\($0.item.text)" }.joined(separator: ",") + "}",
                    "{" + items.map { "\($0.key)=\($0.item.canonical)" }.joined(separator: ",") + "}")
        }
    }

    static func render(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "n\(number)"
        case .string(let text): "s\(text)"
        case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\($0.key)=\(render($0.value))" }.joined(separator: ",") + "}"
        }
    }
}

@Suite struct JSONFormatterTests {
    @Test func keepsShortValuesOnOneLineAndBreaksLongOnes() throws {
        let node = try JSONParser.parse(#"{"a":[1,2.5,-3],"b":{"c":"x\"y\n","d":null,"e":true},"long":[1111111111,2222222222,3333333333]}"#)
        #expect(JSONFormatter.format(node, lineWidth: 40) == """
            {
              "a": [1, 2.5, -3],
              "b": {
                "c": "x\\"y\\n",
                "d": null,
                "e": true
              },
              "long": [
                1111111111,
                2222222222,
                3333333333
              ]
            }
            """)
    }

    /// Formatting is a fixed point: parsing formatted text and formatting again gives the same text and values.
    @Test func formattedTextParsesBackToTheSameValues() throws {
        let seed: UInt64 = 0xF0_2A_77
        print("JSONFormatterTests seed \(seed)")
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let (text, canonical) = RandomJSON.value(depth: 0, using: &random)
            let formatted = JSONFormatter.format(try JSONParser.parse(text), lineWidth: 30)
            let reparsed = try JSONParser.parse(formatted)
            #expect(RandomJSON.render(reparsed) == canonical)
            #expect(JSONFormatter.format(reparsed, lineWidth: 30) == formatted)
        }
    }
}
