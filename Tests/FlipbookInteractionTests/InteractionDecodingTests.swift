import FlipbookScenes
import Testing

/// `autostart`, `animators` and `interactions` in scene files: the demos decode, and every mistake is named
/// by its JSON pointer (all of them, not only the first).
@Suite struct InteractionDecodingTests {
    static let layers = """
        "layers": [{"name": "card", "size": [10, 10], "animations": [
          {"key": "spin", "autostart": false, "type": "basic", "keyPath": "transform.rotation", "to": 1}]},
          {"name": "label", "kind": "text", "string": "x"}]
        """

    static func problems(_ body: String) -> [String] {
        let text = "{\"flipbook\": 1, \"size\": [100, 100], \(layers), \(body)}"
        do {
            _ = try SceneDecoder.decode(Array(text.utf8), fileName: "s.json")
            return []
        } catch {
            return error.lines
        }
    }

    @Test func theDemosDecodeWithTheirInteractions() throws {
        let card = try SceneFile.load(path: TestFiles.example("card-fling.json"))
        #expect(card.animators.map { $0.key } == ["open"] && card.animators[0].changes.count == 3)
        guard case .scrub("open", false, 160, .continue) = card.interactions[0].action else {
            Issue.record("the card's pan does not scrub \"open\"")
            return
        }
        let like = try SceneFile.load(path: TestFiles.example("like-tap.json"))
        #expect(like.interactions.map { $0.trigger } == [.tap, .tap, .tap, .press, .release])
        #expect(like.layers[0].animations.allSatisfy { !$0.autostart })
    }

    @Test func armedAnimationsAndAnimatorsAreFoundByKey() {
        #expect(Self.problems(#""animators": [{"key": "a", "changes": [{"layer": "card", "opacity": 0}]}], "interactions": [{"on": "tap", "layer": "card", "start": "spin"}, {"on": "tap", "layer": "card", "start": "a"}, {"on": "pan", "layer": "card", "scrub": "a", "axis": "y", "distance": -50, "release": "nearest"}]"#).isEmpty)
        #expect(Self.problems(#""animators": [{"key": "a", "changes": [{"layer": "card", "opacity": 0}]}], "interactions": [{"on": "pan", "layer": "card", "scrub": "a", "release": "stay"}, {"on": "tap", "layer": "card", "by": {"opacity": -0.25, "position": [10, -5]}}]"#).isEmpty)
    }

    /// `by` keeps its amounts as given: a negative opacity is an amount, not a value out of range.
    @Test func byKeepsItsAmounts() throws {
        let text = """
            {"flipbook": 1, "size": [100, 100], \(Self.layers), "interactions": [{"on": "tap", "layer": "card", "by": {"opacity": -0.25, "position": [10, -5]}}]}
            """
        let scene = try SceneDecoder.decode(Array(text.utf8), fileName: "s.json")
        guard case .changeBy(let changes) = scene.interactions[0].action else {
            Issue.record("not a \"by\" action: \(scene.interactions[0].action)")
            return
        }
        #expect(changes.map { $0.keyPath.rawValue } == ["opacity", "position"])
        #expect(changes.map { $0.value } == [.scalar(-0.25), .pair(10, -5)])
    }

    @Test(arguments: [
        (#""interactions": [{"on": "swipe", "layer": "card", "start": "spin"}]"#,
         #"s.json: /interactions/0/on: must be one of"#),
        (#""interactions": [{"on": "tap", "layer": "nobody", "start": "spin"}]"#, #"/interactions/0/layer: no layer named "nobody""#),
        (#""interactions": [{"on": "tap", "layer": "card", "start": "fly"}]"#,
         #"/interactions/0/start: neither the layer nor the animators have an animation with the key "fly""#),
        (#""interactions": [{"on": "tap", "layer": "card"}]"#, #"/interactions/0: an interaction needs an action"#),
        (#""interactions": [{"on": "tap", "layer": "card", "start": "spin", "set": {"opacity": 1}}]"#,
         #"/interactions/0: give one action, not "start" and "set""#),
        (#""interactions": [{"on": "tap", "layer": "card", "set": {"fontSize": 3}}]"#,
         #"/interactions/0/set/fontSize: "fontSize" is a property of text layers, and layer "card" is a "layer" layer"#),
        (#""interactions": [{"on": "tap", "layer": "card", "set": {"opacity": 2}}]"#, #"/interactions/0/set/opacity"#),
        (#""interactions": [{"on": "tap", "layer": "card", "set": {"opacity": 1}, "by": {"opacity": 1}}]"#,
         #"/interactions/0: give one action, not "set" and "by""#),
        (##""interactions": [{"on": "tap", "layer": "card", "by": {"backgroundColor": "#ffffff"}}]"##,
         #"/interactions/0/by/backgroundColor: "by" adds to numbers and pairs of numbers, and "backgroundColor" takes a colour"#),
        (#""interactions": [{"on": "tap", "layer": "card", "by": {}}]"#, #"/interactions/0/by: changes nothing"#),
        (#""animators": [{"key": "a", "changes": []}], "interactions": [{"on": "pan", "layer": "card", "scrub": "a", "release": "hold"}]"#,
         #"/interactions/0/release: must be one of "continue", "reverse", "nearest", "stay" (found "hold")"#),
        (#""animators": [{"key": "a", "changes": []}], "interactions": [{"on": "tap", "layer": "card", "scrub": "a"}]"#,
         #"/interactions/0/scrub: only a "pan" scrubs an animator (this interaction is on "tap")"#),
        (#""animators": [{"key": "a", "changes": []}], "interactions": [{"on": "pan", "layer": "card", "scrub": "a", "distance": 0}]"#,
         #"/interactions/0/distance: must be a non-zero number of points"#),
        (#""interactions": [{"on": "pan", "layer": "card", "scrub": "b"}]"#, #"/interactions/0/scrub: no animator with the key "b""#),
        (#""interactions": [{"on": "tap", "layer": "card", "start": "spin", "axis": "x"}]"#, #"/interactions/0/axis: applies to "scrub" only"#),
        (#""animators": [{"key": "a", "changes": [{"layer": "ghost", "opacity": 0}]}, {"key": "a", "changes": []}]"#,
         #"/animators/0/changes/0/layer: no layer named "ghost""#),
        (#""animators": [{"key": "a", "changes": []}, {"key": "a", "changes": []}]"#, #"/animators/1/key: another animator already has the key "a""#),
        (#""animators": [{"key": "a", "duration": 0, "changes": []}]"#, #"/animators/0/duration"#),
        (#""animators": [{"changes": []}]"#, #"/animators/0/key: required field is missing"#),
    ])
    func mistakesAreNamedByPointer(_ body: String, _ expected: String) {
        let found = Self.problems(body)
        #expect(found.contains { $0.contains(expected) }, "\(found)")
    }

    @Test func anArmedAnimationNeedsAKey() {
        let text = """
            {"flipbook": 1, "size": [10, 10], "layers": [{"animations": [{"autostart": false, "type": "basic", "keyPath": "opacity", "to": 0}]}]}
            """
        do {
            _ = try SceneDecoder.decode(Array(text.utf8), fileName: "s.json")
            Issue.record("accepted")
        } catch {
            #expect(error.lines == [#"s.json: /layers/0/animations/0/autostart: an animation that does not start by itself needs a "key" to be started by"#])
        }
    }
}
