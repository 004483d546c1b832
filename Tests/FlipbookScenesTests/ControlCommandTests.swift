import CMallocCounter
import FixedPoint
import Flipbook
import FlipbookScenes
import Testing

/// The control command parser, replies and applier (docs/control.md), against a small scene with a shape
/// gauge, a plain card and a progress binding.
@Suite struct ControlCommandTests {
    static let sceneText = """
        {"flipbook": 1, "size": [64, 32], "layers": [
          {"name": "card", "position": [16, 16], "size": [20, 10], "backgroundColor": "#336699",
           "animations": [{"key": "pulse", "type": "basic", "keyPath": "opacity", "from": 1, "to": 0.5, "duration": 0.5}]},
          {"name": "gauge", "kind": "shape", "position": [40, 16], "size": [20, 20], "path": "M0 0 L20 0",
           "strokeColor": "#ffffff", "strokeEnd": 0, "sublayers": [{"name": "needle é"}]}
        ], "bindings": {"progress": {"layer": "gauge", "keyPath": "strokeEnd", "from": 0, "to": 1}}}
        """

    static func load() throws -> LoadedScene {
        try LoadedScene(json: Array(sceneText.utf8), fileName: "control.json")
    }

    /// The reply `applier` gives `line`.
    static func reply(_ applier: ControlApplier, _ line: String, psplash: Bool = false) -> String {
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBufferPointer { applier.handle($0, psplash: psplash) }
        return applier.reply.text
    }

    @Test func setParsesEveryValueKind() throws {
        let applier = ControlApplier(scene: try Self.load())
        let line = Array(##"{"values": {"opacity": 0.25, "position": [1.5, -2e1], "bounds": [0, 0, 8, 4], "backgroundColor": "#ff000080", "hidden": true}, "set": "card", "duration": 0, "timingFunction": "easeIn"}"##.utf8)
        try line.withUnsafeBufferPointer { bytes in
            guard case .set(let change) = try applier.parser.parse(bytes) else { Issue.record("not a set"); return }
            #expect(change.duration == 0)
            #expect(change.timingFunction == .easeIn)
            #expect(change.settings.map(\.property) == [.opacity, .position, .bounds, .backgroundColor, .hidden])
            #expect(change.settings.map(\.value) == [
                .number(0.25), .pair(1.5, -20), .rect(x: 0, y: 0, width: 8, height: 4),
                .color(Color(red: 255, green: 0, blue: 0, alpha: 128)), .flag(true),
            ])
        }
    }

    @Test func refusalsNameTheProblem() throws {
        let applier = ControlApplier(scene: try Self.load(), lineLimit: 200)
        let cases: [(String, String)] = [
            (##"{"set": "card""##, ##"malformed JSON at byte 14: expected ',' or '}'"##),
            (##"[1, 2]"##, "a command is one JSON object"),
            (##"{"set": "nope", "values": {"opacity": 1}}"##, ##"unknown layer \"nope\""##),
            (##"{"set": "card", "values": {"glow": 1}}"##, ##"unknown property \"glow\""##),
            (##"{"set": "card", "values": {"opacity": "high"}}"##, ##"\"opacity\" must be a number"##),
            (##"{"set": "card", "values": {"opacity": 1.5}}"##, ##"\"opacity\" out of range: 1.5"##),
            (##"{"set": "card", "values": {"position": [1]}}"##, ##"\"position\" must be an array [x, y]"##),
            (##"{"set": "card", "values": {"strokeEnd": 1}}"##, ##"\"strokeEnd\" applies to shape layers only"##),
            (##"{"set": "gauge", "values": {"path": "M0 0"}}"##, ##"\"path\" cannot be set by a command"##),
            (##"{"set": "card", "values": {"backgroundColor": "red"}}"##,
             ##"\"backgroundColor\" must be a colour \"#rrggbb\", \"#rrggbbaa\" or null"##),
            (##"{"set": "card"}"##, ##"missing field \"values\""##),
            (##"{"set": "card", "values": {"opacity": 1}, "duration": -1}"##, ##"\"duration\" out of range: -1"##),
            (##"{"set": "card", "values": {"opacity": 1}, "retain": true}"##, ##"field \"retain\" does not belong to this command"##),
            (##"{"set": "card", "quit": true}"##, "more than one command in one line"),
            (##"{"hello": 1}"##, ##"unknown field \"hello\""##),
            (##"{"quit": true, "quit": true}"##, ##"duplicate field \"quit\""##),
            (##"{}"##, "no command: set, add, remove, start, progress, message or quit"),
            (##"{"progress": 2}"##, ##"\"progress\" out of range: 2"##),
            (##"{"message": 5}"##, ##"\"message\" must be a string"##),
            (##"{"message": "hi"}"##, "the scene has no bindings.message"),
            (##"{"quit": false}"##, ##"\"quit\" must be true"##),
            (##"{"remove": "card", "key": "none"}"##, ##"refused: noAnimation(layer: 'card', key: \"none\")"##),
            (##"{"start": "none"}"##, ##"no animation with key \"none\" in the scene"##),
            (##"{"add": "card", "animation": {"type": "basic"}}"##, "invalid animation: animation: /animation/0/keyPath: required field is missing"),
            (String(repeating: " ", count: 201), "line longer than 200 bytes"),
            ("\u{1}\u{FF}", "malformed JSON at byte 0: expected a value"),
            ("", "malformed JSON at byte 0: expected a command object"),
        ]
        for (line, message) in cases {
            #expect(Self.reply(applier, line) == "{\"error\": \"\(message)\"}\n", "\(line)")
        }
    }

    @Test func escapedNamesResolveAndQuotesAreEscaped() throws {
        let applier = ControlApplier(scene: try Self.load())
        #expect(Self.reply(applier, ##"{"set": "needle \u00e9", "values": {"opacity": 0}}"##) == "{\"ok\": true}\n")
        #expect(Self.reply(applier, ##"{"set": "a\"b\n", "values": {"opacity": 0}}"##)
                == ##"{"error": "unknown layer \"a\\\"b\\n\""}"## + "\n")
    }

    @Test func numbersConvertAsTheStandardLibraryDoes() throws {
        var generator = SplitMix64(seed: 18)
        let applier = ControlApplier(scene: try Self.load())
        for _ in 0 ..< 2000 {
            let digits = Int.random(in: 1 ... 20, using: &generator)
            var text = String(UInt64.random(in: 0 ... UInt64.max, using: &generator)).prefix(digits)
            if text.count >= 2 && Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: min(max(1, digits / 2), text.count - 1)))
            }
            let written = text.hasPrefix("0") && text.count > 1 && !text.dropFirst().hasPrefix(".") ? "7" + text : String(text)
            let exponent = Int.random(in: -30 ... 4, using: &generator)
            let token = written + "e\(exponent)"
            guard let expected = Double(token), expected <= 16384 * 16 else { continue }
            let line = ##"{"set": "card", "values": {"position.x": "## + token + "}}"
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                guard case .set(let change) = try applier.parser.parse(bytes) else { return }
                #expect(change.settings[0].value == .number(expected), "\(token)")
            }
        }
    }

    @Test func psplashCommands() throws {
        func parse(_ text: String) throws(ControlError) -> ControlCommand {
            try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ControlError) in try PsplashParser.parse(bytes) }
        }
        guard case .progress(let fraction) = try parse("PROGRESS 40") else { Issue.record("progress"); return }
        #expect(fraction == 0.4)
        // A message's text borrows the line: read it while the line lives.
        let message = try Array("MSG Starting network…".utf8).withUnsafeBufferPointer { bytes throws(ControlError) in
            guard case .message(let text) = try PsplashParser.parse(bytes) else { return "not a message" }
            return text.string
        }
        #expect(message == "Starting network…")
        guard case .quit(retain: false) = try parse("QUIT") else { Issue.record("quit"); return }
        #expect(throws: ControlError.self) { try parse("PROGRESS 140") }
        #expect(throws: ControlError.self) { try parse("PROGRESS forty") }
        #expect(throws: ControlError.self) { try parse("REBOOT") }
        let applier = ControlApplier(scene: try Self.load())
        #expect(Self.reply(applier, "PROGRESS 140", psplash: true) == "{\"error\": \"\\\"PROGRESS\\\" out of range: 140\"}\n")
    }

    @Test func lineBufferSplitsBoundsAndDropsOverlongLines() {
        let buffer = ControlLineBuffer(capacity: 8, nulTerminates: true)
        var collected: [String] = []
        func feed(_ text: String) {
            var bytes = Array(text.utf8)
            while true {
                let taken = bytes.withUnsafeBufferPointer { buffer.append($0) }
                bytes.removeFirst(taken)
                while let line = buffer.nextLine() {
                    switch line {
                    case .line(let bytes): collected.append(String(decoding: bytes, as: UTF8.self))
                    case .tooLong: collected.append("<too long>")
                    }
                }
                if bytes.isEmpty { break }
            }
        }
        feed("QUIT\0\0PRO")
        #expect(collected == ["QUIT"])
        #expect(buffer.hasPartialLine)
        feed("GRESS 5\r\n")  // "PROGRESS 5" is 10 bytes: more than 8
        #expect(collected == ["QUIT", "<too long>"])
        feed("MSG 0123456789abcdef")
        #expect(collected == ["QUIT", "<too long>"])
        feed("xyz\nMSG ok\r\n")
        #expect(collected == ["QUIT", "<too long>", "<too long>", "MSG ok"])
        #expect(!buffer.hasPartialLine)
    }

    @Test func messagesGoToTheBoundTextLayer() throws {
        let text = """
            {"flipbook": 1, "size": [200, 60], "layers": [
              {"name": "status", "kind": "text", "size": [200, 30], "string": "Booting", "fontSize": 12}
            ], "bindings": {"message": "status"}}
            """
        let scene = try LoadedScene(json: Array(text.utf8), fileName: "message.json")
        let applier = ControlApplier(scene: scene)
        let status = try scene.layers.layer("status")
        #expect(Self.reply(applier, ##"{"message": "Starting network \u00e9"}"##) == "{\"ok\": true}\n")
        #expect(try scene.engine.string(of: status) == "Starting network é")
        let line = Array("MSG Mounting /data".utf8)
        #expect(line.withUnsafeBufferPointer { applier.handle($0, psplash: true) } == .applied)
        #expect(try scene.engine.string(of: status) == "Mounting /data")
        // Longer than the layer's text capacity: refused with the engine's reason, the string unchanged.
        let long = String(repeating: "x", count: 1000)
        #expect(Self.reply(applier, "{\"message\": \"\(long)\"}").hasPrefix("{\"error\": \"refused: "))
        #expect(try scene.engine.string(of: status) == "Mounting /data")
    }

    @Test func appliedSetAndProgressChangeTheModel() throws {
        let scene = try Self.load()
        let applier = ControlApplier(scene: scene)
        var runLoop = try scene.makeRunLoop(layout: .xrgb8888)
        runLoop.settle(at: 0)
        let card = try scene.layers.layer("card")
        let gauge = try scene.layers.layer("gauge")
        #expect(Self.reply(applier, ##"{"set": "card", "values": {"opacity": 0.5}, "duration": 0}"##) == "{\"ok\": true}\n")
        #expect(Self.reply(applier, ##"{"progress": 0.75}"##) == "{\"ok\": true}\n")
        runLoop.settle(at: 10_000)
        #expect(try scene.engine.modelValue(of: .opacity, of: card) == .number(0.5))
        #expect(try scene.engine.modelValue(of: .strokeEnd, of: gauge) == .number(0.75))
        // progress animates implicitly over 0.25 s: still on its way 10 ms in, there at 0.3 s.
        #expect(try scene.engine.presentationValue(of: .strokeEnd, of: gauge) != .number(0.75))
        runLoop.settle(at: 600_000)
        #expect(try scene.engine.presentationValue(of: .strokeEnd, of: gauge) == .number(0.75))
        // The scene's own "pulse" (opacity, 0.5 s) is over: the set value shows, unanimated (duration 0).
        #expect(try scene.engine.presentationValue(of: .opacity, of: card) == .number(0.5))
        #expect(Self.reply(applier, ##"{"start": {"layer": "card", "key": "pulse"}}"##) == "{\"ok\": true}\n")
        #expect(try scene.engine.hasAnimation(forKey: "pulse", on: card))
        #expect(Self.reply(applier, ##"{"remove": "card", "key": "pulse"}"##) == "{\"ok\": true}\n")
        #expect(Self.reply(applier, ##"{"add": "card", "animation": {"key": "spin", "type": "basic", "keyPath": "transform.rotation", "to": 3.14}}"##) == "{\"ok\": true}\n")
        #expect(try scene.engine.hasAnimation(forKey: "spin", on: card))
        let line = Array(##"{"quit": true, "retain": true}"##.utf8)
        #expect(line.withUnsafeBufferPointer { applier.handle($0) } == .quit(retain: true))
    }

    /// After setup (and one warm-up pass), a command that sets values without animating, or a progress
    /// without a binding's animation, is parsed, applied and answered without allocating (the malloc counter
    /// counts this thread only). Not covered: refusals (every typed `throw` boxes its error at -Onone) and
    /// implicit animations (the engine builds an animation record).
    @Test func commandsAllocateNothingAfterSetup() throws {
        let applier = ControlApplier(scene: try Self.load())
        let lines = [
            ##"{"set": "gauge", "values": {"strokeEnd": 0.5, "strokeColor": "#ff0000"}, "duration": 0, "timingFunction": [0.2, 0, 0.2, 1]}"##,
            ##"{"set": "card", "values": {"opacity": 0.5, "position": [20, 12], "bounds": [0, 0, 4, 4]}, "duration": 0}"##,
            ##"{"set": "card", "values": {"backgroundColor": null, "hidden": false}, "duration": 0}"##,
        ].map { text in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
            _ = copy.initialize(from: text.utf8)
            return UnsafeBufferPointer(copy)
        }
        defer { for line in lines { line.deallocate() } }
        // (Array.withUnsafeBufferPointer allocates a closure context in debug builds: the lines are set up
        // as plain buffers.)
        func handle() -> Int {
            var applied = 0
            for index in 0 ..< lines.count where applier.handle(lines[index]) == .applied { applied += 1 }
            return applied
        }
        _ = handle()
        let before = cmc_allocation_count()
        let applied = handle()
        #expect(cmc_allocation_count() - before == 0)
        #expect(applied == 3)
        #expect(applier.reply.text == "{\"ok\": true}\n")
    }
}
