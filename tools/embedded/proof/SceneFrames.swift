// The scene proof (`make check-embedded`): every demo of the gallery loaded from its JSON text by the Embedded
// build of FlipbookScenes (parser, decoder, loader), then drawn at its still times by the engine's run loop
// (`RunLoop.drawFrame` / `finishFrame` on a virtual clock) into one XRGB8888 surface that keeps the previous frame. The frames go to standard output as binary
// PPM; check-embedded.sh compares them byte for byte with the golden frames the full-Swift renderer draws
// (Tests/FlipbookScenesTests/Golden, checked by GoldenDemoTests).
//
//   scene-frames --list    one line per golden frame: the demo's name and the golden file's name
//   scene-frames NAME      the frames of demo NAME at its still times (PPM, one after another)
//
// One demo per process: the setup heap never frees, and an Embedded build cannot destroy another module's
// non-copyable values (the run loop, the surface storage), so they live until the process exits.
// Exit status: 0, 64 for an unknown demo, 65 when the demo fails to load (the lines go to standard error),
// 66 when a frame fails.
import Flipbook
import FlipbookScenes
import Raster

@_extern(c, "write")
func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int

/// Writes all of `bytes` to `descriptor`.
func emit(_ bytes: [UInt8], to descriptor: Int32 = 1) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// The frame in `surface` as binary PPM (what `PixelImage.ppmBytes` gives for an opaque surface).
func ppm(_ surface: Surface) -> [UInt8] {
    var bytes = Array("P6\n\(surface.width) \(surface.height)\n255\n".utf8)
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let color = surface.color(x: x, y: y)
            bytes.append(color?.red ?? 0)
            bytes.append(color?.green ?? 0)
            bytes.append(color?.blue ?? 0)
        }
    }
    return bytes
}

/// Draws `demo` at its still times and writes the frames; the exit status on failure.
func drawFrames(of demo: Demo) -> Int32? {
    let loaded: LoadedScene
    do {
        loaded = try LoadedScene(json: Array(demo.json.utf8), fileName: demo.name + ".json")
    } catch {
        for line in error.lines { emit(Array((line + "\n").utf8), to: 2) }
        return 65
    }
    func failed(_ what: String) -> Int32 {
        emit(Array("\(demo.name): \(what)\n".utf8), to: 2)
        return 66
    }
    let runLoop = UnsafeMutablePointer<RunLoop>.allocate(capacity: 1)
    do {
        runLoop.initialize(to: try loaded.makeRunLoop(layout: .xrgb8888))
    } catch {
        return failed("the compositor cannot be set up")
    }
    let storage = UnsafeMutablePointer<SurfaceStorage>.allocate(capacity: 1)
    do {
        storage.initialize(to: try SurfaceStorage(width: loaded.width, height: loaded.height, layout: .xrgb8888))
    } catch {
        return failed("no surface")
    }
    let surface = storage.pointee.surface
    var runner = demo.makeScript.map { SceneScriptRunner(script: $0(), layers: loaded.layers) }
    for seconds in demo.stillTimes {
        let micros = Int64((seconds * 1_000_000).rounded())
        do {
            try runner?.runSteps(through: micros, runLoop: &runLoop.pointee)
        } catch {
            return failed("\(error)")
        }
        do {
            _ = try runLoop.pointee.drawFrame(at: micros, into: surface)
        } catch {
            return failed("a frame failed")
        }
        runLoop.pointee.finishFrame(shownAt: micros)
        emit(ppm(surface))
    }
    return nil
}

@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32 {
    guard argc == 2, let argument = argv[1] else { return 64 }
    var length = 0
    while argument[length] != 0 { length += 1 }
    let name = String(decoding: UnsafeBufferPointer(start: argument, count: length), as: UTF8.self)
    if name == "--list" {
        for demo in DemoGallery.all {
            for seconds in demo.stillTimes {
                emit(Array("\(demo.name) \(demo.name)-\(Int((seconds * 1000).rounded()))ms.ppm\n".utf8))
            }
        }
        return 0
    }
    guard let demo = DemoGallery.demo(named: name) else { return 64 }
    return drawFrames(of: demo) ?? 0
}
