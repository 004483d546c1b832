import FixedPoint
import FlipbookSim
import Raster
import Testing

@Suite struct VirtualClockTests {
    @Test func framesAreAtExactMultiplesOfTheInterval() throws {
        let clock = try VirtualClock(framesPerSecond: 60)
        #expect(clock.micros(ofFrame: 0) == 0)
        #expect(clock.micros(ofFrame: 1) == 16_667)
        #expect(clock.micros(ofFrame: 2) == 33_333)
        #expect(clock.micros(ofFrame: 3) == 50_000)
        #expect(clock.micros(ofFrame: 60) == 1_000_000)
        // No drift: a day of frames later, still exactly on the second.
        #expect(clock.micros(ofFrame: 60 * 86_400) == 86_400_000_000)
        #expect(clock.intervalMicros == 16_667)
    }

    @Test func matchesTheRoundedRationalForEveryFrameOfAMinute() throws {
        for rate in [24, 25, 30, 50, 60, 144] {
            let clock = try VirtualClock(framesPerSecond: rate, startMicros: 1_500_000)
            for frame in Int64(0)..<Int64(rate * 60) {
                let exact = 1_500_000 + (Double(frame) * 1_000_000 / Double(rate)).rounded(.toNearestOrAwayFromZero)
                #expect(clock.micros(ofFrame: frame) == Int64(exact))
            }
        }
    }

    @Test func countsFramesInARange() throws {
        let clock = try VirtualClock(framesPerSecond: 30)
        #expect(clock.frameCount(fromMicros: 0, toMicros: 1_000_000) == 31)
        #expect(clock.frameCount(fromMicros: 500_000, toMicros: 500_000) == 1)
        #expect(clock.frameCount(fromMicros: 2, toMicros: 1) == 0)
    }

    @Test func refusesBadRates() {
        #expect(throws: SimulatorError.invalidFrameRate(0)) { try VirtualClock(framesPerSecond: 0) }
        #expect(throws: SimulatorError.invalidFrameRate(1001)) { try VirtualClock(framesPerSecond: 1001) }
    }
}

@Suite struct SimulatorDisplayTests {
    private func display(_ layout: PixelLayout) throws -> SimulatorDisplay {
        try SimulatorDisplay(width: 8, height: 4, layout: layout, clock: VirtualClock(framesPerSecond: 50))
    }

    @Test func presentsOnTheVirtualClock() throws {
        var sim = try display(.xrgb8888)
        #expect(sim.refreshIntervalMicros == 20_000)
        #expect(try sim.present(damage: DamageList()) == 0)
        #expect(try sim.present(damage: DamageList(IntRect(x: 0, y: 0, width: 2, height: 3))) == 20_000)
        #expect(sim.lastDamageRectangles == 1)
        #expect(sim.nextFrameMicros == 40_000)
    }

    /// An RGB565 display must show 565 colours: each channel narrowed and widened again, rounded to nearest.
    @Test func rgb565FramesShowQuantisedColours() throws {
        let sim = try display(.rgb565)
        sim.backBuffer.fill(sim.backBuffer.bounds, color: Color(red: 200, green: 100, blue: 50).premultiplied())
        let image = sim.capture()
        func quantised(_ value: Double, bits: Double) -> UInt8 {
            let levels = pow2(bits) - 1
            return UInt8(((value * levels / 255).rounded() * 255 / levels).rounded())
        }
        let expected = (quantised(200, bits: 5), quantised(100, bits: 6), quantised(50, bits: 5))
        let pixel = image.pixel(x: 3, y: 2)
        #expect((pixel.red, pixel.green, pixel.blue, pixel.alpha) == (expected.0, expected.1, expected.2, 255))
        #expect(expected != (200, 100, 50))
        let exact = try display(.xrgb8888)
        exact.backBuffer.fill(exact.backBuffer.bounds, color: Color(red: 200, green: 100, blue: 50).premultiplied())
        #expect(exact.capture().pixel(x: 0, y: 0) == (200, 100, 50, 255))
    }

    private func pow2(_ bits: Double) -> Double { Double(1 << Int(bits)) }

    @Test func writesBinaryPPM() throws {
        let sim = try display(.xrgb8888)
        sim.backBuffer.fill(IntRect(x: 0, y: 0, width: 1, height: 1), color: Color(red: 1, green: 2, blue: 3).premultiplied())
        let path = "/tmp/flipbook-scenes-test-\(getpidString()).ppm"
        try sim.writeFrame(to: path)
        let bytes = try FileSystem.read(path)
        let header = Array("P6\n8 4\n255\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + 8 * 4 * 3)
        #expect(Array(bytes[header.count..<header.count + 6]) == [1, 2, 3, 0, 0, 0])
    }

    @Test func offersTwoFormatsByName() throws {
        #expect(try SimulatorDisplay.layout(named: "rgb565") == .rgb565)
        #expect(throws: SimulatorError.unknownFormat("rgb332")) { try SimulatorDisplay.layout(named: "rgb332") }
    }
}

private func getpidString() -> String {
    var random = SystemRandomNumberGenerator()
    return String(random.next() % 1_000_000_000)
}
