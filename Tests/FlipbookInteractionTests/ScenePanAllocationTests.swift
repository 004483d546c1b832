import CMallocCounter
import FixedPoint
import Flipbook
import FlipbookInput
import Raster
import Testing

/// A pan through the scene's interactions (card-fling.json: `pan` on the card scrubs animator `open` over 160
/// points, `release: continue`) allocates nothing from the frame after it began: the finger moves for 40
/// frames (1,000 moves a frame in frames 10 … 12), lifts, and the animator runs on to its end. The frame the
/// pan begins in (frame 4: 3 points a frame passes the 10-point slop there) is setup: the animator is made and
/// its driven animations are built (219 allocations in the debug build). `make pan-allocations` runs this in a
/// release build too.
@Suite struct ScenePanAllocationTests {
    static let frameMicros: Int64 = 16_667

    /// Where the finger is at move `step` of `frame` (`steps` moves in the frame): from x 80, right along the
    /// track at 3 points a frame.
    static func fingerX(frame: Int, step: Int, steps: Int) -> Fixed {
        Fixed(raw: Int32(80 + 3 * (frame - 1)) << 16 + Int32(3 * 65_536 * step / steps))
    }

    @Test func aPanOnTheCardAllocatesNothingWhileTheFingerMoves() throws {
        let scene = try ReplayedScene(scene: "card-fling.json", script: nil)
        var runLoop = try scene.loaded.makeRunLoop(layout: .xrgb8888)
        let storage = try SurfaceStorage(width: 320, height: 240, layout: .xrgb8888)
        let surface = storage.surface
        let driver = scene.driver
        let card = try scene.loaded.layers.layer("card")
        _ = try runLoop.drawFrame(at: 0, into: surface)
        runLoop.finishFrame(shownAt: 0)
        driver.handle(PointerEvent(phase: .down, contact: 0, x: Fixed(80), y: Fixed(120), timeMicros: 1))
        var before: UInt64 = 0, dragAllocations: UInt64 = 0
        var moves = 0
        var scrubbedX: [Double] = []  // the card's shown x at frames 20 and 30 (setup outside the count)
        scrubbedX.reserveCapacity(2)
        var frame = 1
        while frame <= 80 {  // a while loop: a for-in over a range allocates in debug builds
            if frame == 5 { before = cmc_allocation_count() }  // frames 1 … 4: the pan begins (setup)
            if frame == 41 { dragAllocations = cmc_allocation_count() - before }
            let start = Int64(frame - 1) * Self.frameMicros
            if frame <= 40 {
                let steps = frame >= 10 && frame <= 12 ? 1_000 : 4
                var step = 0
                while step < steps {
                    driver.handle(PointerEvent(phase: .move, contact: 0, x: Self.fingerX(frame: frame, step: step, steps: steps), y: Fixed(120),
                                               timeMicros: start + 1 + Int64(step) * Self.frameMicros / Int64(steps)))
                    moves &+= 1
                    step += 1
                }
            } else if frame == 41 {
                driver.handle(PointerEvent(phase: .up, contact: 0, x: Self.fingerX(frame: 41, step: 0, steps: 1),
                                           y: Fixed(120), timeMicros: start + 1))
            }
            let time = Int64(frame) * Self.frameMicros
            _ = try runLoop.drawFrame(at: time, into: surface)
            runLoop.finishFrame(shownAt: time)
            if frame == 20 || frame == 30 { scrubbedX.append(try Self.shownX(of: card, in: scene.loaded.engine)) }
            frame += 1
        }
        let letGoAllocations = cmc_allocation_count() - before - dragAllocations
        #expect(dragAllocations == 0, "\(dragAllocations) allocations in frames 5 … 40 (\(moves) moves)")
        #expect(letGoAllocations == 0, "\(letGoAllocations) allocations in frames 41 … 80")
        #expect(moves == 37 * 4 + 3 * 1_000)
        #expect(driver.refusals == 0)
        // Scrubbing is linear: the card is at 80 + 160 × (finger's travel / 160) points, the finger's x, within
        // 0.004 point: the engine's Q17.15 progress (half a step: 160 / 65,536 = 0.0025), the Q16.16 fraction
        // (0.0013) and a microsecond of the 0.6 s animator (0.0003).
        let fingers = [Self.fingerX(frame: 20, step: 3, steps: 4).doubleValue, Self.fingerX(frame: 30, step: 3, steps: 4).doubleValue]
        #expect(scrubbedX.count == 2 && abs(scrubbedX[0] - fingers[0]) <= 0.004 && abs(scrubbedX[1] - fingers[1]) <= 0.004,
                "card at \(scrubbedX), finger at \(fingers)")
        // Let go moving right: the animator ran on to its end and paused there (pausesOnCompletion).
        #expect(abs(try Self.shownX(of: card, in: scene.loaded.engine) - 240) <= 0.001)
    }

    /// The layer's presented x.
    static func shownX(of layer: LayerID, in engine: Engine) throws -> Double {
        guard case .pair(let x, _) = try engine.presentationValue(of: .position, of: layer) else { throw Unexpected() }
        return x
    }

    struct Unexpected: Error {}
}
