import Flipbook
import FlipbookScenes
import Raster

/// Command bytes → `ControlLineBuffer` → `ControlApplier` (JSON lines, or psplash lines when the first byte is
/// odd) against a small scene with a progress binding. Every line gets exactly one reply, and every reply is
/// one line of valid JSON — `{"ok": true}` or `{"error": "…"}` with a non-empty message — so every refusal
/// was the parser's or applier's own `ControlError`; applied commands then advance and draw without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let psplash = data[0] & 1 == 1
    let buffer = ControlLineBuffer(capacity: 256, nulTerminates: psplash)
    var input = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var time: Int64 = 0
    while !input.isEmpty {
        let taken = buffer.append(input)
        input = UnsafeBufferPointer(rebasing: input[taken...])
        while let line = buffer.nextLine() {
            switch line {
            case .line(let bytes): _ = FuzzScene.applier.handle(bytes, psplash: psplash)
            case .tooLong: FuzzScene.applier.refuseOverlongLine()
            }
            checkReply(FuzzScene.applier.reply)
            time += 20_000
            FuzzScene.draw(at: time)
        }
        if taken == 0 { break }
    }
    return 0
}

func checkReply(_ reply: ControlReply) {
    let bytes = Array(reply.bytes)
    precondition(bytes.last == UInt8(ascii: "\n") && bytes.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") },
                 "a reply is one line: \(reply.text)")
    let node: JSONNode
    do { node = try JSONParser.parse(Array(bytes.dropLast())) } catch { preconditionFailure("reply is not JSON: \(reply.text)") }
    guard case .object(let members) = node.value, members.count == 1 else { preconditionFailure("reply: \(reply.text)") }
    switch (members[0].key, members[0].value.value) {
    case ("ok", .bool(true)): break
    case ("error", .string(let message)): precondition(!message.isEmpty, "an error without a message")
    default: preconditionFailure("reply: \(reply.text)")
    }
}

/// The scene commands go to, loaded once (the applier keeps its state between inputs, as a player does).
enum FuzzScene {
    static let text = """
        {"flipbook": 1, "size": [48, 32], "layers": [
          {"name": "card", "position": [12, 12], "size": [16, 8], "backgroundColor": "#336699",
           "animations": [{"key": "pulse", "type": "basic", "keyPath": "opacity", "from": 1, "to": 0.5}]},
          {"name": "gauge", "kind": "shape", "position": [30, 16], "size": [16, 16], "path": "M0 0 L16 0",
           "strokeColor": "#ffffff", "strokeEnd": 0}
        ], "bindings": {"progress": {"layer": "gauge", "keyPath": "strokeEnd"}}}
        """
    static let scene: LoadedScene = {
        do { return try LoadedScene(json: Array(text.utf8), fileName: "fuzz.json") } catch {
            preconditionFailure("the fuzz scene: \(error)")
        }
    }()
    static let applier = ControlApplier(scene: scene, lineLimit: 256)
    static let storage: SurfaceStorage = {
        do { return try SurfaceStorage(width: 48, height: 32, layout: .xrgb8888) } catch { preconditionFailure("\(error)") }
    }()
    nonisolated(unsafe) static var compositor: Compositor? = try? Compositor(
        configuration: scene.compositorConfiguration(layout: .xrgb8888))

    static func draw(at time: Int64) {
        scene.engine.advance(to: max(time, scene.engine.currentTime))
        scene.engine.deliverCallbacks()
        var damage = DamageList()
        do { try compositor!.render(scene.engine.presentation, into: storage.surface, damage: &damage) } catch {
            preconditionFailure("a frame failed after a command: \(error)")
        }
    }
}
