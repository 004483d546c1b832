import CMallocCounter
import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// A property animator allocates nothing after its setup (creating it, adding its completion, the frame that
/// activates it): not when a released pan continues it and it runs to its end and completes, and not when it is
/// paused, continued, resumed, stopped and finished. Every frame advances the engine and delivers its callbacks,
/// as the run loop does.
@Suite struct PropertyAnimatorRunAllocationTests {
    static let frameMicros: MediaTime = 16_667

    /// An engine, a layer at x 0 and an inactive 1-second ease-in-ease-out animator moving it to x 100, its
    /// opacity to 0.5 and its corner radius to 8.
    static func threePropertyAnimator() throws -> (Engine, LayerID, PropertyAnimator) {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        let animator = try PropertyAnimator(duration: 1, curve: .easeInEaseOut, engine: engine) { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
            try engine.setValue(.number(0.5), for: .opacity, of: layer)
            try engine.setValue(.number(8), for: .cornerRadius, of: layer)
        }
        return (engine, layer, animator)
    }

    /// ``threePropertyAnimator()`` with a completion that records the position it ended at.
    static func animator() throws -> (Engine, LayerID, PropertyAnimator, UnsafeMutablePointer<Int>) {
        let (engine, layer, animator) = try threePropertyAnimator()
        let ended = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        ended.initialize(to: -1)
        animator.addCompletion { position in
            ended.pointee = position == .start ? 0 : (position == .end ? 1 : 2)
        }
        return (engine, layer, animator, ended)
    }

    /// Advances to `frame` and delivers the callbacks.
    static func show(_ engine: Engine, frame: Int) {
        engine.advance(to: MediaTime(frame) * frameMicros)
        engine.deliverCallbacks()
    }

    /// The presented x.
    static func x(_ engine: Engine, _ layer: LayerID) throws -> Double {
        guard case .pair(let x, _) = try engine.presentationValue(of: .position, of: layer) else { return .nan }
        return x
    }

    @Test func aReleasedScrubRunsToItsEndAndCompletesWithoutAllocating() throws {
        let (engine, layer, animator, ended) = try Self.animator()
        defer { ended.deallocate() }
        try animator.setFractionComplete(0.05)  // the pan begins: activates (setup)
        Self.show(engine, frame: 1)
        let before = cmc_allocation_count()
        var frame = 2
        while frame <= 20 {  // the finger drags to fraction 0.4
            try animator.setFractionComplete(0.05 + Double(frame - 1) * 0.35 / 19)
            Self.show(engine, frame: frame)
            frame += 1
        }
        // Released: continues along a linear curve over half the duration's remainder (0.6 × 0.5 s = 0.3 s).
        try animator.continueAnimation(withTimingParameters: .linear, durationFactor: 0.5)
        let releasedAt = frame
        var runningFrames = 0
        while animator.state == .active, frame <= 80 {
            Self.show(engine, frame: frame)
            if animator.state == .active { runningFrames += 1 }
            frame += 1
        }
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0, "\(allocations) allocations from the drag to the completion (\(frame - 2) frames)")
        // 0.3 s at 60 fps: the 18th frame after the release is 300.006 ms after it.
        #expect(frame - releasedAt == 18 && runningFrames == 17, "completed \(frame - releasedAt) frames after the release")
        #expect(animator.state == .inactive && !animator.isRunning && engine.runningAnimators.isEmpty)
        #expect(ended.pointee == 1)
        #expect(abs(try Self.x(engine, layer) - 100) <= 0.001)
    }

    @Test func pausingContinuingAndStoppingAllocateNothing() throws {
        let (engine, layer, animator, ended) = try Self.animator()
        defer { ended.deallocate() }
        try animator.startAnimation()  // activates (setup)
        Self.show(engine, frame: 1)
        var paused: [Double] = []  // the x shown at two paused frames (reserved before counting)
        paused.reserveCapacity(2)
        let before = cmc_allocation_count()
        var frame = 2
        while frame <= 60 {
            switch frame {
            case 10: try animator.pauseAnimation()
            case 20: try animator.continueAnimation(withTimingParameters: .easeOut, durationFactor: 2)
            case 30: try animator.pauseAnimation()
            case 35: try animator.startAnimation()  // resumes
            case 40: try animator.stopAnimation(false)
            case 45: try animator.finishAnimation(at: .current)
            default: break
            }
            Self.show(engine, frame: frame)
            if frame == 11 || frame == 19 { paused.append(try Self.x(engine, layer)) }
            frame += 1
        }
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0, "\(allocations) allocations in frames 2 … 60")
        #expect(paused.count == 2 && paused[0] == paused[1] && paused[0] > 0 && paused[0] < 100, "paused at \(paused)")
        #expect(animator.state == .inactive && engine.runningAnimators.isEmpty)
        #expect(ended.pointee == 2)
    }
}
