import FixedPoint
import FlipbookInput
import FlipbookInteraction
import Testing

/// `--input` scripts: events in time order, and every malformed entry refused by pointer.
@Suite struct InputScriptTests {
    static func parse(_ text: String) throws(InputScriptError) -> InputScript { try InputScript(json: Array(text.utf8)) }

    @Test func eventsComeInTimeOrderWithTheirFingers() throws {
        let script = try Self.parse("""
            [{"t": 0.5, "type": "up", "x": 12.5, "y": 4, "id": 2},
             {"t": 0.1, "type": "down", "x": 10, "y": 4, "id": 2},
             {"t": 0.1, "type": "down", "x": 1, "y": 2},
             {"t": 0.2, "type": "move", "x": 11, "y": 4, "id": 2},
             {"t": 0.3, "type": "up", "x": 1, "y": 2}]
            """)
        #expect(script.events.map { $0.timeMicros } == [100_000, 100_000, 200_000, 300_000, 500_000])
        #expect(script.events.map { $0.contact } == [2, 0, 2, 0, 2])
        #expect(script.events[4] == PointerEvent(phase: .up, contact: 2, x: Fixed(raw: 12 << 16 | 0x8000), y: Fixed(4), timeMicros: 500_000))
    }

    @Test(arguments: [
        ("{}", "expected an array of input events"),
        ("[3]", "/0: expected an event object"),
        (#"[{"t": 1, "type": "down", "x": 1}]"#, "/0/y: required field is missing"),
        (#"[{"t": -1, "type": "down", "x": 1, "y": 1}]"#, "/0/t: expected a scene time in seconds (0 … 86400.0)"),
        (#"[{"t": 1, "type": "tap", "x": 1, "y": 1}]"#, #"/0/type: expected "down", "move" or "up""#),
        (#"[{"t": 1, "type": "down", "x": 1, "y": 1, "id": 10}]"#, "/0/id: expected a finger number from 0 to 9 (found 10.0)"),
        (#"[{"t": 1, "type": "down", "x": 1e9, "y": 1}]"#, "/0/x: expected scene points within ±16384 (found 1000000000.0)"),
        (#"[{"t": 1, "type": "down", "x": 1, "y": 1, "force": 1}]"#, "/0/force: unknown field"),
        (#"[{"t": 1, "type": "move", "x": 1, "y": 1}]"#, "finger 0 moves or lifts at t=1.0 s without touching first"),
        (#"[{"t": 1, "type": "down", "x": 1, "y": 1}, {"t": 2, "type": "down", "x": 1, "y": 1}]"#,
         "finger 0 goes down again at t=2.0 s without lifting"),
    ])
    func malformedScriptsAreRefusedByPointer(_ text: String, _ message: String) {
        #expect(throws: InputScriptError.self) { try Self.parse(text) }
        do { _ = try Self.parse(text) } catch { #expect(error.message == message) }
    }
}
