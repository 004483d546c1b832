import CMallocCounter
import FixedPoint
import Foundation
import Motion
import Raster
import FlipbookSim
import ImageCodecs
import Testing
@testable import Flipbook

/// A compositor with its own canvas memory, for tests: renders snapshots and reads pixels back.
struct CompositorHarness: ~Copyable {
    let storage: SurfaceStorage
    var compositor: Compositor
    var damage = DamageList()

    init(width: Int, height: Int, layout: PixelLayout = .xrgb8888, background: Color = Color(red: 20, green: 24, blue: 32),
         groupDepth: Int = 4, coverageDepth: Int = 4, glyphCacheBytes: Int = 1 << 20) throws {
        let storage = try SurfaceStorage(width: width, height: height, layout: layout)
        let compositor = try Compositor(configuration: CompositorConfiguration(
            width: width, height: height, layout: layout, layerCapacity: 64, groupDepth: groupDepth,
            coverageDepth: coverageDepth, backgroundColor: background, glyphCacheBytes: glyphCacheBytes))
        self.storage = storage
        self.compositor = compositor
    }

    var surface: Surface { storage.surface }

    /// Renders `tree`; the damage of the frame stays in `damage`.
    mutating func render(_ tree: PresentationTree) throws {
        try compositor.render(tree, into: storage.surface, damage: &damage)
    }

    /// The damage rectangles of the last frame.
    var damageRects: [IntRect] { (0..<damage.count).map { damage[$0] } }

    /// Every pixel value, row by row.
    var pixels: [UInt32] {
        var values: [UInt32] = []
        for y in 0..<surface.height { for x in 0..<surface.width { values.append(surface.pixel(x: x, y: y)!) } }
        return values
    }

    /// The canvas as a binary PPM (the layout's quantised colours).
    var ppm: [UInt8] { PixelImage(surface: surface).ppmBytes }

    /// Advances `engine` and renders `warmUp` frames at 60 Hz, then `frames` more; returns the heap
    /// allocations of those (this thread's malloc counter).
    mutating func allocations(playing engine: Engine, warmUp: Int = 30, frames: Int = 240) throws -> Int {
        var time: MediaTime = 0
        for _ in 0 ..< warmUp {
            time += 16_667
            engine.advance(to: time)
            try render(engine.presentation)
        }
        let before = cmc_allocation_count()
        for _ in 0 ..< frames {
            time += 16_667
            engine.advance(to: time)
            try render(engine.presentation)
        }
        return Int(cmc_allocation_count() - before)
    }
}

/// Compares `bytes` with the committed golden file `Golden/<name>.ppm` byte for byte; with
/// `FLIPBOOK_REGENERATE_GOLDEN=1` it rewrites the file instead.
func expectGolden(_ bytes: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let file = directory.appendingPathComponent("\(name).ppm")
    if ProcessInfo.processInfo.environment["FLIPBOOK_REGENERATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return
    }
    guard let expected = FileManager.default.contents(atPath: file.path) else {
        Issue.record("missing golden \(file.path); run with FLIPBOOK_REGENERATE_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    if [UInt8](expected) != bytes {
        let actualPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.ppm")
        try? Data(bytes).write(to: actualPath)
        Issue.record("\(name) differs from its golden frame; actual written to \(actualPath.path)",
                     sourceLocation: sourceLocation)
    }
}

/// A few named colours for test scenes.
enum Palette {
    static let red = Color(red: 220, green: 50, blue: 47)
    static let green = Color(red: 64, green: 170, blue: 90)
    static let blue = Color(red: 38, green: 139, blue: 210)
    static let yellow = Color(red: 250, green: 200, blue: 40)
    static let white = Color(red: 255, green: 255, blue: 255)
    static let translucentMagenta = Color(red: 211, green: 54, blue: 130, alpha: 160)
}
