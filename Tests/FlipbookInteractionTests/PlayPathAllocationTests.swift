import CMallocCounter
import Glibc
import FixedPoint
import Flipbook
import FlipbookInput
import FlipbookInteraction
import Raster
import Testing
@testable import FlipbookLinux

/// The real play path with 1,125 evdev records arriving per frame: a pipe standing in for a touchscreen is
/// polled by `PollWaiter`, read by `InputDeviceSet`, decoded, hit-tested, recognised and dispatched to the
/// scene's interactions (one finger sweeping along the card demo's track, another touching and lifting on
/// the card), and the frame drawn — with no allocation. (A pan dragging the card through the scene's
/// interactions is `ScenePanAllocationTests`.)
@Suite struct PlayPathAllocationTests {
    /// `struct input_event` of a 64-bit kernel.
    static func record(_ type: UInt16, _ code: UInt16, _ value: Int32, micros: Int64) -> [UInt8] {
        withUnsafeBytes(of: (micros / 1_000_000).littleEndian) { Array($0) }
            + withUnsafeBytes(of: (micros % 1_000_000).littleEndian) { Array($0) }
            + withUnsafeBytes(of: type.littleEndian) { Array($0) } + withUnsafeBytes(of: code.littleEndian) { Array($0) }
            + withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// A device range of 0 … 3199 × 0 … 2399 over the 320 × 240 scene: ten device units per point.
    static func report(slot: Int32, tracking: Int32?, x: Int32, y: Int32, micros: Int64) -> [UInt8] {
        var bytes = record(3, 0x2F, slot, micros: micros)
        if let tracking { bytes += record(3, 0x39, tracking, micros: micros) }
        return bytes + record(3, 0x35, x * 10, micros: micros) + record(3, 0x36, y * 10, micros: micros)
            + record(0, 0, 0, micros: micros)
    }

    /// With `rotation` 90 the panel is 240 × 320 and shows the scene turned clockwise: the device reports
    /// panel positions, the picture is drawn turned, and nothing allocates either.
    @Test(arguments: [0, 90])
    func aThousandRecordsPerFrameThroughThePollAllocateNothing(rotation: Int) throws {
        let turned = rotation == 90
        let panel = turned ? (width: 240, height: 320) : (width: 320, height: 240)
        let placement = try DisplayPlacement(panelWidth: panel.width, panelHeight: panel.height, sceneWidth: 320,
                                             sceneHeight: 240, rotation: try DisplayRotation(degrees: rotation))
        // Where scene point (x, y) is on the panel: the plain quarter turn, independent of the placement's code.
        let onPanel = { (x: Int32, y: Int32) -> (x: Int32, y: Int32) in turned ? (240 - y, x) : (x, y) }
        let scene = try ReplayedScene(scene: "card-fling.json", script: nil, placement: placement)
        var runLoop = try scene.loaded.makeRunLoop(layout: .xrgb8888)
        let storage = try SurfaceStorage(width: panel.width, height: panel.height, layout: .xrgb8888)
        let surface = storage.surface
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        defer { close(ends[1]) }
        var template = Array("/tmp/flipbook-input-XXXXXX".utf8CString)
        let scratch = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { rmdir(scratch) }
        let devices = try InputDeviceSet(path: nil, directory: scratch, geometry: .init(
            panelWidth: panel.width, panelHeight: panel.height, sceneWidth: 320, sceneHeight: 240,
            rotation: placement.rotation))
        let range = (x: AxisRange(minimum: 0, maximum: Int32(panel.width * 10 - 1)),
                     y: AxisRange(minimum: 0, maximum: Int32(panel.height * 10 - 1)))
        devices.add(EvdevDevice(descriptor: ends[0], path: "pipe", kind: .multitouch, rangeX: range.x, rangeY: range.y),
                    mapping: try DisplayMapping(rangeX: range.x, rangeY: range.y, panelWidth: panel.width,
                                                panelHeight: panel.height, sceneWidth: 320, sceneHeight: 240,
                                                rotation: placement.rotation))
        let driver = scene.driver
        var events = 0
        devices.sink = { event in
            events &+= 1
            driver.handle(event)
        }
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        try devices.register(with: &waiter)
        // Frame 0: finger 0 goes down on the track, left of the card.
        let down = onPanel(24, 120)
        var frames: [[UInt8]] = [Self.report(slot: 0, tracking: 1, x: down.x, y: down.y, micros: 0)]
        for frame in 1 ... 6 {
            var bytes: [UInt8] = []
            for step in 0 ..< 125 {
                let micros = Int64(frame) * 16_667 + Int64(step) * 100
                // Finger 0 sweeps along the track, a pan nothing answers (4 records); finger 1 touches and lifts
                // the card in turn, hit-tested at each touch (5 records): 1,125 records per frame.
                let offset = Int32((frame * 125 + step) % 40)
                let sweep = onPanel(24 + (offset < 20 ? offset : 40 - offset), 120), card = onPanel(80, 170)
                bytes += Self.report(slot: 0, tracking: nil, x: sweep.x, y: sweep.y, micros: micros)
                bytes += Self.report(slot: 1, tracking: step % 2 == 0 ? 2 : -1, x: card.x, y: card.y, micros: micros)
            }
            frames.append(bytes)
        }
        // The first frame is on the screen before the touch: touches hit what is shown.
        _ = try runLoop.drawFrame(at: 0, into: surface)
        runLoop.finishFrame(shownAt: 0)
        var before: UInt64 = 0, pointerEvents = 0
        for frame in 0 ..< frames.count {  // an index loop: a for-in over an array allocates in debug builds
            if frame == 2 { before = cmc_allocation_count() }  // frames 0 and 1 settle lazily grown storage
            _ = frames[frame].withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            let time = Int64(frame + 1) * 16_667
            _ = waiter.wait(until: time)
            _ = try runLoop.drawFrame(at: time, into: surface)
            runLoop.finishFrame(shownAt: time)
            pointerEvents = events
        }
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0, "\(allocations) allocations in frames 2 … 6")
        // Every report of a finger gave one event: 250 per frame.
        #expect(pointerEvents == 1 + 6 * 250)
        #expect(devices.lost == 0)
        // Finger 1's touches land on the card (so each is hit-tested through the tree), finger 0's on the track.
        let card = onPanel(80, 170), track = onPanel(24, 120)  // the canvas is the panel
        #expect(scene.loaded.engine.presentation.hitTest(Point(x: Fixed(Int16(card.x)), y: Fixed(Int16(card.y))))
                == (try scene.loaded.layers.layer("card")))
        #expect(scene.loaded.engine.presentation.hitTest(Point(x: Fixed(Int16(track.x)), y: Fixed(Int16(track.y))))
                == (try scene.loaded.layers.layer("track")))
        #expect(driver.refusals == 0)
    }

    struct Failure: Error {}
}

/// A device unplugged while playing (its descriptor at end of file, as evdev's ENODEV) is dropped from the
/// poll and closed; the waiter goes on to its deadlines.
@Suite struct UnpluggedDeviceTests {
    @Test func aGoneDeviceIsDroppedAndWaitsGoOn() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var template = Array("/tmp/flipbook-input-XXXXXX".utf8CString)
        let scratch = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { rmdir(scratch) }
        let devices = try InputDeviceSet(path: nil, directory: scratch, geometry: .init(
            panelWidth: 320, panelHeight: 240, sceneWidth: 320, sceneHeight: 240))
        let range = AxisRange(minimum: 0, maximum: 4095)
        devices.add(EvdevDevice(descriptor: ends[0], path: "pipe", kind: .absolutePointer, rangeX: range, rangeY: range),
                    mapping: try DisplayMapping(rangeX: range, rangeY: range, panelWidth: 320, panelHeight: 240,
                                                sceneWidth: 320, sceneHeight: 240))
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        try devices.register(with: &waiter)
        close(ends[1])
        let first = waiter.wait(until: 1_000)
        #expect(first == .event)
        #expect(devices.lost == 1 && devices.paths.isEmpty)
        var wakes: [FrameWake] = []
        for deadline in stride(from: Int64(2_000), through: 5_000, by: 1_000) { wakes.append(waiter.wait(until: deadline)) }
        #expect(wakes == [.deadline, .deadline, .deadline, .deadline])
    }
}
