import Testing
@testable import Motion

/// Bad timing input is refused at construction with an error naming the field and the value.
@Suite struct MediaTimingValidationTests {
    @Test func nonFiniteValuesAreNamed() {
        #expect(throws: MotionError.notFinite(field: .duration, value: .infinity)) {
            try MediaTiming(durationSeconds: .infinity)
        }
        #expect(throws: MotionError.notFinite(field: .beginTime, value: -.infinity)) {
            try MediaTiming(beginTimeSeconds: -.infinity, durationSeconds: 1)
        }
        #expect(throws: MotionError.notFinite(field: .timeOffset, value: .infinity)) {
            try MediaTiming(durationSeconds: 1, timeOffsetSeconds: .infinity)
        }
        #expect(throws: MotionError.notFinite(field: .speed, value: .infinity)) {
            try MediaTiming(durationSeconds: 1, speed: .infinity)
        }
        #expect(throws: MotionError.notFinite(field: .repeatCount, value: -.infinity)) {
            try MediaTiming(durationSeconds: 1, repeatCount: -.infinity)
        }
        #expect(throws: MotionError.notFinite(field: .repeatDuration, value: .infinity)) {
            try MediaTiming(durationSeconds: 1, repeatDurationSeconds: .infinity)
        }
    }

    @Test func nanIsRefusedInEveryField() {
        // NaN is not equal to itself, so match the case and field.
        func nanField(_ body: () throws(MotionError) -> MediaTiming) -> MotionField? {
            do { _ = try body() } catch { if case let .notFinite(field, value) = error, value.isNaN { return field } }
            return nil
        }
        #expect(nanField { () throws(MotionError) in try MediaTiming(durationSeconds: .nan) } == .duration)
        #expect(nanField { () throws(MotionError) in try MediaTiming(beginTimeSeconds: .nan, durationSeconds: 1) } == .beginTime)
        #expect(nanField { () throws(MotionError) in try MediaTiming(durationSeconds: 1, speed: .nan) } == .speed)
        #expect(nanField { () throws(MotionError) in try MediaTiming(durationSeconds: 1, timeOffsetSeconds: .nan) } == .timeOffset)
        #expect(nanField { () throws(MotionError) in try MediaTiming(durationSeconds: 1, repeatCount: .nan) } == .repeatCount)
        #expect(nanField { () throws(MotionError) in try MediaTiming(durationSeconds: 1, repeatDurationSeconds: .nan) } == .repeatDuration)
    }

    @Test func negativeAndZeroDurations() {
        #expect(throws: MotionError.notPositive(field: .duration, value: -1)) { try MediaTiming(durationSeconds: -1) }
        #expect(throws: MotionError.notPositive(field: .duration, value: 0)) { try MediaTiming(durationSeconds: 0) }
        #expect(throws: MotionError.notPositive(field: .duration, value: 1e-7)) { try MediaTiming(durationSeconds: 1e-7) }
        #expect(throws: MotionError.notPositive(field: .duration, value: -0.5)) { try MediaTiming(duration: -500_000) }
        #expect(throws: MotionError.negative(field: .repeatDuration, value: -2)) {
            try MediaTiming(durationSeconds: 1, repeatDurationSeconds: -2)
        }
    }

    @Test func negativeRepeatCount() {
        #expect(throws: MotionError.negative(field: .repeatCount, value: -1)) {
            try MediaTiming(durationSeconds: 1, repeatCount: -1)
        }
    }

    @Test func outOfRangeSpeedAndTimes() {
        #expect(throws: MotionError.outOfRange(field: .speed, value: 2000, lower: -1024, upper: 1024)) {
            try MediaTiming(durationSeconds: 1, speed: 2000)
        }
        let limit = Double(Int64.mediaTimeLimit) / 1e6
        #expect(throws: MotionError.outOfRange(field: .beginTime, value: 1e9, lower: -limit, upper: limit)) {
            try MediaTiming(beginTimeSeconds: 1e9, durationSeconds: 1)
        }
        #expect(throws: MotionError.outOfRange(field: .speed, value: -1025, lower: -1024, upper: 1024)) {
            try LayerTiming(speed: -1025)
        }
    }

    @Test func messagesNameFieldAndValue() {
        #expect(MotionError.notPositive(field: .duration, value: -1).message == "duration: must be positive (got -1.0)")
        #expect(MotionError.negative(field: .repeatCount, value: -2).message == "repeatCount: must not be negative (got -2.0)")
    }
}
