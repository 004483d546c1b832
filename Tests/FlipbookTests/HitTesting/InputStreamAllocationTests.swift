import CMallocCounter
import FixedPoint
import FlipbookInput
import Motion
import Testing
@testable import Flipbook

/// The whole input path between frames — evdev records decoded, each touch's first point hit-tested on the
/// presented tree, gestures recognised — and the frame itself, with 1,000 records streaming in per frame:
/// no allocation.
@Suite struct InputStreamAllocationTests {
    @Test func aThousandRecordsPerFrameAllocateNothing() throws {
        let engine = try Fixture.engine()
        var layers: [LayerID] = []
        for index in 0..<8 {
            let layer = try engine.createLayer()
            try engine.addSublayer(layer, to: index < 4 ? engine.root : layers[index - 4])
            try engine.setValue(.rect(x: 0, y: 0, width: 180, height: 120), for: .bounds, of: layer)
            try engine.setValue(.pair(100 + Double(index % 4) * 190, 240), for: .position, of: layer)
            try engine.setValue(.number(Double(index) * 0.1), for: .rotation, of: layer)
            try engine.setValue(.number(24), for: .cornerRadius, of: layer)
            layers.append(layer)
        }
        // Any implicit animation of the setup has ended two seconds later.
        engine.advance(to: 1_000_000)
        engine.advance(to: 2_000_000)
        let range = AxisRange(minimum: 0, maximum: 4095)
        let decoder = EvdevDecoder(kind: .multitouch, mapping: try DisplayMapping(
            rangeX: range, rangeY: range, panelWidth: 800, panelHeight: 480, sceneWidth: 800, sceneHeight: 480))
        let recognizers = GestureRecognizers()
        for layer in layers {
            try recognizers.add(.pan, to: UInt32(layer.index))
            try recognizers.add(.tap, to: UInt32(layer.index))
        }
        // 200 reports of five records: three fingers in turn touch, move and lift across the row of cards.
        var records: [EvdevRecord] = []
        for report in 0..<200 {
            let slot = Int32(report % 3), time = Int64(report) * 64
            records.append(EvdevRecord(timeMicros: time, type: EvdevCode.absoluteType, code: EvdevCode.slot, value: slot))
            records.append(EvdevRecord(timeMicros: time, type: EvdevCode.absoluteType, code: EvdevCode.trackingID,
                                       value: report % 9 < 6 ? slot : -1))
            records.append(EvdevRecord(timeMicros: time, type: EvdevCode.absoluteType, code: EvdevCode.multitouchX,
                                       value: Int32(report * 97 % 4096)))
            records.append(EvdevRecord(timeMicros: time, type: EvdevCode.absoluteType, code: EvdevCode.multitouchY,
                                       value: 2048))
            records.append(EvdevRecord(timeMicros: time, type: 0, code: EvdevCode.synReport, value: 0))
        }
        let chain = UnsafeMutableBufferPointer<LayerID>.allocate(capacity: 8)
        let targets = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 8)
        defer { chain.deallocate(); targets.deallocate() }
        var gestures = 0, hits = 0
        let before = cmc_allocation_count()
        for frame in 1...5 {
            // Index loops: a for-in over an array allocates in debug builds.
            for index in 0..<records.count {
                decoder.feed(records[index])
                while let event = decoder.next() {
                    guard case .pointer(let touch) = event else { continue }
                    var count = 0
                    if touch.phase == .down {
                        count = engine.presentation.hitTest(Point(x: touch.x, y: touch.y), chain: chain)
                        for position in 0..<count { targets[position] = UInt32(chain[position].index) }
                        if count > 1 { hits += 1 }  // a layer, not only the root
                    }
                    recognizers.handle(touch, chain: UnsafeBufferPointer(rebasing: targets[0..<count]))
                    while recognizers.next() != nil { gestures += 1 }
                }
            }
            engine.advance(to: 2_000_000 + MediaTime(frame) * 16_667)
        }
        #expect(cmc_allocation_count() - before == 0)
        #expect(hits > 100 && gestures > 100, "hits \(hits), gestures \(gestures)")
    }
}
