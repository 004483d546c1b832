import FixedPoint
import Motion
import Raster

/// Renders frames of a `FrameSource` and streams them as PPM to standard output.
///
///     flipbook-player [WIDTH HEIGHT FRAMES]      (defaults 320 240 12)
///
/// Frames are sampled at t = k · 2 s / FRAMES (the layer-basics scene's 2 s). Setup allocates
/// from the runtime's setup heap, which is then sealed: an allocation in a frame ends the process with
/// status 70. Exit status 0 on success, 64 for bad arguments, 65 when setup fails, 66 when a frame
/// fails, 71 when setup needs more than the 32 MB setup heap, 74 when writing fails.
@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32 {
    var settings = (width: 320, height: 240, frames: 12)
    if argc == 4 {
        guard let width = parseCount(argv[1], limit: 4096), let height = parseCount(argv[2], limit: 4096),
            let frames = parseCount(argv[3], limit: 10_000)
        else {
            report("usage: flipbook-player [WIDTH HEIGHT FRAMES] (1 … 4096, 1 … 4096, 1 … 10000)\n")
            return 64
        }
        settings = (width, height, frames)
    } else if argc != 1 {
        report("usage: flipbook-player [WIDTH HEIGHT FRAMES]\n")
        return 64
    }
    do {
        // The source lives until the process exits: it sits in setup memory and is never destroyed (an
        // Embedded build cannot destroy another module's non-copyable members from here:
        // "deinit of non-copyable type not visible in the current module").
        let source = UnsafeMutablePointer<EngineFrameSource>.allocate(capacity: 1)
        source.initialize(to: try EngineFrameSource(width: settings.width, height: settings.height))
        return play(&source.pointee, width: settings.width, height: settings.height, frames: settings.frames)
    } catch {
        report("flipbook-player: setup failed\n")
        return 65
    }
}

/// Sets up the surface and writer, seals the heap, then renders and writes every frame.
func play<Source: FrameSource & ~Copyable>(_ source: inout Source, width: Int, height: Int, frames: Int) -> Int32 {
    guard let storage = try? SurfaceStorage(width: width, height: height, layout: .xrgb8888) else {
        report("flipbook-player: cannot allocate the surface\n")
        return 65
    }
    let writer = PPMWriter(width: width, descriptor: 1)
    sys_sealHeap()
    for index in 0..<frames {
        let time = MediaTime(index) * 2_000_000 / MediaTime(frames)
        guard source.render(at: time, into: storage.surface) else {
            report("flipbook-player: a frame failed to render\n")
            return 66
        }
        guard writer.write(storage.surface) else { return 74 }
    }
    return 0
}

/// A decimal argument in 1 … limit, or nil.
func parseCount(_ argument: UnsafeMutablePointer<UInt8>?, limit: Int) -> Int? {
    guard var cursor = argument, cursor.pointee != 0 else { return nil }
    var value = 0
    while cursor.pointee != 0 {
        let digit = Int(cursor.pointee) - 0x30
        guard digit >= 0, digit <= 9 else { return nil }
        value = value * 10 + digit
        guard value <= limit else { return nil }
        cursor += 1
    }
    return value >= 1 ? value : nil
}
