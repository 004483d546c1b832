import Flipbook
import FlipbookScenes
import Raster

/// Scene bytes → `SceneDecoder` → `LoadedScene` (the file-system-free path the Embedded players use) → frames.
/// A refused scene is the decoder's `SceneError` — invalid JSON with a position, or problems each naming a JSON
/// pointer and a message; a decoded scene either loads into an `Engine` or is refused with a pointer; a loaded
/// one is advanced to its start, middle and end and drawn on a small canvas without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let scene: SceneDescription
    do {
        scene = try SceneDecoder.decode(bytes, fileName: "fuzz.json")
    } catch {
        checkRefusal(error)
        return 0
    }
    let loaded: LoadedScene
    do {
        loaded = try LoadedScene(scene: scene, width: 48, height: 32)
    } catch {
        checkEngineRefusal(error)
        return 0
    }
    draw(loaded)
    return 0
}

func checkRefusal(_ error: SceneError) {
    precondition(error.readFailure == nil, "bytes cannot fail to be read")
    if let syntax = error.syntaxError {
        precondition(error.problems.isEmpty, "a syntax error with problems")
        precondition(syntax.position.line >= 1 && syntax.position.column >= 1, "syntax error at \(syntax.position)")
        precondition(!syntax.message.isEmpty, "a syntax error without a message")
        return
    }
    precondition(!error.problems.isEmpty, "refused with no problem")
    for problem in error.problems {
        precondition(problem.pointer.isEmpty || problem.pointer.hasPrefix("/"), "not a JSON pointer: \(problem)")
        precondition(!problem.message.isEmpty, "a problem without a message at \(problem.pointer)")
    }
}

func checkEngineRefusal(_ error: SceneRenderError) {
    switch error {
    case .engine(let pointer, _), .unsupported(let pointer, _):
        precondition(pointer.isEmpty || pointer.hasPrefix("/"), "not a JSON pointer: \(error)")
    default:
        preconditionFailure("loading refused without a pointer: \(error)")
    }
}

func draw(_ loaded: LoadedScene) {
    do {
        var compositor = try Compositor(configuration: loaded.compositorConfiguration(layout: .xrgb8888))
        let storage = try SurfaceStorage(width: loaded.width, height: loaded.height, layout: .xrgb8888)
        var damage = DamageList()
        let end = max(0, loaded.durationMicros)
        for micros in [0, end / 2, end] {
            loaded.engine.advance(to: micros)
            loaded.engine.deliverCallbacks()
            try compositor.render(loaded.engine.presentation, into: storage.surface, damage: &damage)
        }
    } catch {
        preconditionFailure("a loaded scene could not be drawn: \(error)")
    }
}
