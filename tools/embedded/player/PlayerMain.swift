import FixedPoint
import FlipbookScenes
import Motion
import Raster

/// Renders a demo scene, loaded from its JSON, through the engine and either streams PPM frames to standard
/// output or shows one frame on a DRM/KMS display (see `PlayerCommand` for the command line).
///
/// Setup allocates from the runtime's setup heap, which is then sealed: an allocation in a frame ends the
/// process with status 70. Exit status 0 on success, 64 for bad arguments, 65 when setup fails (an unknown
/// demo, a scene the engine refuses), 66 when a frame fails, 71 when setup needs more than the 64 MB setup
/// heap, 74 when writing fails, and for the DRM display `DisplayError.exitStatus` (3 no device … 11 a failed
/// kernel call, see docs/boards.md).
@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32 {
    guard let command = PlayerCommand.parse(argc, argv) else {
        report(PlayerCommand.usage)
        return 64
    }
    switch command.output {
    case .frames(let frames):
        guard let source = makeSource(demo: command.demo, size: command.size) else { return 65 }
        let duration = source.pointee.durationMicros
        return play(&source.pointee) { index in
            index < frames ? MediaTime(index) * duration / MediaTime(frames) : nil
        }
    case .still(let micros):
        guard let source = makeSource(demo: command.demo, size: command.size) else { return 65 }
        return play(&source.pointee) { index in index == 0 ? micros : nil }
    case .drm(let device, let micros, let holdMicros, let mode):
        return showOnDisplay(demo: command.demo, device: device, mode: mode, micros: micros, holdMicros: holdMicros)
    }
}

/// The engine's frame source for demo `demo` on a canvas of `size` (nil: the scene's), or nil (reported)
/// when setup fails.
///
/// The source lives until the process exits: it sits in setup memory and is never destroyed (an Embedded
/// build cannot destroy another module's internal non-copyable members from here: "deinit of non-copyable
/// type not visible in the current module").
func makeSource(demo: String, size: (width: Int, height: Int)?) -> UnsafeMutablePointer<EngineFrameSource>? {
    do {
        let source = UnsafeMutablePointer<EngineFrameSource>.allocate(capacity: 1)
        source.initialize(to: try EngineFrameSource(demo: demo, width: size?.width, height: size?.height))
        return source
    } catch {
        for line in error.lines { reportLine("flipbook-player: " + line) }
        return nil
    }
}

/// Sets up the surface (the scene's canvas) and writer, seals the heap, then renders and writes the frame at
/// `time(k)` for k = 0, 1, … until it answers nil.
func play(_ source: inout EngineFrameSource, at time: (Int) -> MediaTime?) -> Int32 {
    let width = source.scene.width, height = source.scene.height
    guard let storage = try? SurfaceStorage(width: width, height: height, layout: .xrgb8888) else {
        report("flipbook-player: cannot allocate the surface\n")
        return 65
    }
    let writer = PPMWriter(width: width, descriptor: 1)
    sys_sealHeap()
    var index = 0
    while let frameTime = time(index) {
        guard source.render(at: frameTime, into: storage.surface) else {
            report("flipbook-player: a frame failed to render\n")
            return 66
        }
        guard writer.write(storage.surface) else { return 74 }
        index += 1
    }
    return 0
}
