import Flipbook
import FlipbookScenes
import Raster

/// `--ppm`: draws the scene's frames at `time(k)` for k = 0, 1, … until it answers nil, with the engine's
/// `RunLoop` on a virtual clock (each frame shown at its own time), on the command's `--size` panel (default:
/// the scene's canvas, turned by `--rotate`) with the scene placed by `--rotate` and `--fit`, and streams them
/// as PPM on standard output. Returns the exit status (74 when writing fails).
func writeFrames(of scene: SceneInput, command: PlayerCommand, at time: (Int) -> Int64?) throws(PlayerError) -> Int32 {
    let sideways = command.rotation == .quarter || command.rotation == .threeQuarters
    let sceneWidth = scene.description.width, sceneHeight = scene.description.height
    let width = command.size?.width ?? (sideways ? sceneHeight : sceneWidth)
    let height = command.size?.height ?? (sideways ? sceneWidth : sceneHeight)
    let runLoop = try scene.makeRunLoop(width: width, height: height, layout: .xrgb8888, rotation: command.rotation,
                                        fit: command.fit)
    guard let storage = try? SurfaceStorage(width: width, height: height, layout: .xrgb8888) else {
        throw .scene(["flipbook-player: cannot allocate a \(width)x\(height) surface"])
    }
    let writer = PPMWriter(width: width, descriptor: 1)
    sys_sealHeap()
    defer { sys_unsealHeap() }
    var index = 0
    while let frameTime = time(index) {
        guard (try? runLoop.pointee.drawFrame(at: frameTime, into: storage.surface)) != nil else {
            sys_unsealHeap()
            throw .scene(["flipbook-player: a frame failed"])
        }
        runLoop.pointee.finishFrame(shownAt: frameTime)
        guard writer.write(storage.surface) else { return 74 }
        index += 1
    }
    sys_unsealHeap()
    if command.verbose { reportLine(memoryReport(frame: storage.surface)) }
    return 0
}
