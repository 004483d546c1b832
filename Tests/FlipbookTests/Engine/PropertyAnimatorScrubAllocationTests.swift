import CMallocCounter
import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// Scrubbing a property animator (a pan driving `fractionComplete` every frame) allocates nothing, however
/// many properties it drives.
@Suite struct PropertyAnimatorScrubAllocationTests {
    @Test func scrubbingThreePropertiesAllocatesNothing() throws {
        let (engine, layer, animator) = try PropertyAnimatorRunAllocationTests.threePropertyAnimator()
        try animator.setFractionComplete(0.1)  // activates: builds the driven animations (setup)
        engine.advance(to: 16_667)
        var before: UInt64 = 0
        var step = 0
        while step < 60 {
            if step == 2 { before = cmc_allocation_count() }
            try animator.setFractionComplete(Double(step) / 60)
            engine.advance(to: MediaTime(step + 2) * 16_667)
            step += 1
        }
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0, "\(allocations) allocations in 58 scrubbed frames")
        // The scrub took effect: the layer is at the last fraction's place (linear while scrubbing).
        #expect(abs(try Fixture.x(engine, layer, at: Double(62 * 16_667) / 1e6) - 100 * 59.0 / 60) <= 0.01)
    }
}
