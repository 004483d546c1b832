import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// The engine keeps Motion keyframe tracks in its own keyframe store (`KeyframeTrack.relocated(into:)`):
/// a relocated track evaluates exactly as the original at every progress, in every mode.
@Suite("Relocated keyframe tracks")
struct KeyframeRelocationTests {
    static let modes: [Motion.CalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]

    @Test(arguments: modes)
    func relocatedTrackEvaluatesAsTheOriginal(mode: Motion.CalculationMode) throws {
        var store = try MotionStore(capacityBytes: 4096)
        let values: [Point] = [Point(x: Fixed(0), y: Fixed(0)), Point(x: Fixed(100), y: Fixed(0)),
                               Point(x: Fixed(100), y: Fixed(30)), Point(x: Fixed(0), y: Fixed(200))]
        let keyTimes = mode == .discrete ? [0, 0.2, 0.5, 0.9, 1] : [0, 0.2, 0.5, 1]
        let curves = mode == .discrete ? [] : [TimingCurve.easeIn, .linear, .easeOut]
        let track = try KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: curves, calculationMode: mode,
                                      tensionValues: mode.isCubic ? [0, 0.5, -0.5, 0] : [], in: &store)
        let bytes = track.relocatedByteCount
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer { memory.deallocate() }
        let moved = track.relocated(into: memory)
        var checked = 0
        for raw in stride(from: Int32(0), through: 32768, by: 7) {
            let progress = Progress(raw: raw)
            #expect(moved.value(at: progress) == track.value(at: progress), "p \(raw)")
            checked += 1
        }
        #expect(checked == 4682)
        #expect(bytes >= 4 * MemoryLayout<Point>.stride + 4 * 4)
    }
}
