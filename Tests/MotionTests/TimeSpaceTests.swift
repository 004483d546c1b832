import FixedPoint
import Testing
@testable import Motion

/// Layer time spaces (§1.2 step 7), group children (step 8) and the pause/resume recipe of §1.1.
@Suite struct TimeSpaceTests {
    @Test func layerLocalTimeIsUnboundedAndScaled() throws {
        let layer = try LayerTiming(beginTime: 2_000_000, speed: 0.5, timeOffset: 100_000)
        #expect(layer.localTime(parentTime: 2_000_000) == 100_000)
        #expect(layer.localTime(parentTime: 6_000_000) == 2_100_000)
        #expect(layer.localTime(parentTime: 0) == -900_000)  // no clamp before the begin time
        #expect(layer.parentTime(localTime: 2_100_000) == 6_000_000)
    }

    @Test func speedsMultiplyDownTheTree() throws {
        let parent = try LayerTiming(speed: 2)
        let child = try LayerTiming(speed: 1.5)
        let animation = try MediaTiming(duration: 3_000_000)
        // At parent time 0.5 s: parent local 1 s, child local 1.5 s, progress 0.5.
        let childLocal = child.localTime(parentTime: parent.localTime(parentTime: 500_000))
        #expect(childLocal == 1_500_000)
        #expect(animation.evaluate(parentTime: childLocal)?.progress.raw == 1 << 14)
    }

    @Test func pauseFreezesAndResumeContinues() throws {
        // Layer at speed 1; pause at t = 3 s, resume at t = 10 s: local time continues from 3 s.
        var layer = LayerTiming.identity
        let pauseTime: MediaTime = 3_000_000, resumeTime: MediaTime = 10_000_000
        layer = layer.paused(atParentTime: pauseTime)
        #expect(layer.speedRaw == 0)
        #expect(layer.timeOffset == 3_000_000)
        for time: MediaTime in [pauseTime, 5_000_000, resumeTime] {
            #expect(layer.localTime(parentTime: time) == 3_000_000)
        }
        layer = layer.resumed(atParentTime: resumeTime)
        #expect(layer.beginTime == 7_000_000)
        #expect(layer.timeOffset == 0)
        #expect(layer.localTime(parentTime: resumeTime) == 3_000_000)
        #expect(layer.localTime(parentTime: resumeTime + 250_000) == 3_250_000)
        // An animation in the layer sees no jump across the pause.
        let animation = try MediaTiming(duration: 4_000_000)
        #expect(animation.evaluate(parentTime: layer.localTime(parentTime: resumeTime))?.progress.raw == 3 << 13)
    }

    @Test func groupChildRunsInTheGroupsBasicTime() throws {
        // Group: D = 2 s, autoreverses, fill forwards. Child: begin 0.5 s, D = 1 s, fill both.
        let group = try MediaTiming(duration: 2_000_000, autoreverses: true, fillMode: .forwards)
        let child = try MediaTiming(beginTime: 500_000, duration: 1_000_000, fillMode: .both)
        func childProgress(_ time: MediaTime) -> Int32? {
            guard let childParent = group.childTime(parentTime: time) else { return nil }
            return child.evaluate(parentTime: childParent)?.progress.raw
        }
        #expect(childProgress(-1) == nil)  // group removed before its begin
        #expect(childProgress(1_000_000) == 1 << 14)  // group basic 1 s → child 0.5
        #expect(childProgress(2_000_000) == 1 << 15)  // group reverses at 2 s: basic 2 s → child filled at 1
        #expect(childProgress(3_000_000) == 1 << 14)  // reverse leg: basic 1 s
        #expect(childProgress(4_000_000) == 0)  // group ends at basic 0 s, child filled backwards
        #expect(childProgress(9_000_000) == 0)  // group filled forwards at its end
    }
}
