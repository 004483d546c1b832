import CMallocCounter
import FixedPoint
import Testing
@testable import FlipbookInput

/// Records as a device writes them, and what the decoder makes of them.
enum Feed {
    static func syn(_ t: Int64) -> EvdevRecord { EvdevRecord(timeMicros: t, type: 0, code: EvdevCode.synReport, value: 0) }
    static func abs(_ code: UInt16, _ value: Int32, _ t: Int64 = 0) -> EvdevRecord {
        EvdevRecord(timeMicros: t, type: EvdevCode.absoluteType, code: code, value: value)
    }
    static func rel(_ code: UInt16, _ value: Int32) -> EvdevRecord {
        EvdevRecord(timeMicros: 0, type: EvdevCode.relativeType, code: code, value: value)
    }
    static func key(_ code: UInt16, _ value: Int32, _ t: Int64 = 0) -> EvdevRecord {
        EvdevRecord(timeMicros: t, type: EvdevCode.keyType, code: code, value: value)
    }

    /// A 0 … 4095 touchscreen on an 800 × 480 panel showing an 800 × 480 scene.
    static func touchscreen(_ kind: InputDeviceKind = .multitouch) throws -> EvdevDecoder {
        let range = AxisRange(minimum: 0, maximum: 4095)
        return EvdevDecoder(kind: kind, mapping: try DisplayMapping(
            rangeX: range, rangeY: range, panelWidth: 800, panelHeight: 480, sceneWidth: 800, sceneHeight: 480))
    }

    static func drain(_ decoder: EvdevDecoder) -> [PointerEvent] {
        var events: [PointerEvent] = []
        while let event = decoder.next() { if case .pointer(let pointer) = event { events.append(pointer) } }
        return events
    }

    static func summary(_ events: [PointerEvent]) -> [String] {
        events.map { "\($0.phase) \($0.contact) \($0.x.doubleValue.rounded()),\($0.y.doubleValue.rounded()) @\($0.timeMicros)" }
    }
}

@Suite struct EvdevDecoderTests {
    @Test func multitouchProtocolBSlotsBecomeContacts() throws {
        let decoder = try Feed.touchscreen()
        // Finger A in slot 0 at (2048, 1024); finger B in slot 1 at (4095, 4095); then A moves, B lifts, A lifts.
        for record in [Feed.abs(EvdevCode.slot, 0), Feed.abs(EvdevCode.trackingID, 7), Feed.abs(EvdevCode.multitouchX, 2048),
                       Feed.abs(EvdevCode.multitouchY, 1024), Feed.abs(EvdevCode.slot, 1), Feed.abs(EvdevCode.trackingID, 8),
                       Feed.abs(EvdevCode.multitouchX, 4095), Feed.abs(EvdevCode.multitouchY, 4095), Feed.syn(1000),
                       Feed.abs(EvdevCode.slot, 0), Feed.abs(EvdevCode.multitouchX, 0), Feed.syn(2000),
                       Feed.abs(EvdevCode.slot, 1), Feed.abs(EvdevCode.trackingID, -1), Feed.syn(3000),
                       Feed.abs(EvdevCode.slot, 0), Feed.abs(EvdevCode.trackingID, -1), Feed.syn(4000)] {
            decoder.feed(record)
        }
        #expect(Feed.summary(Feed.drain(decoder)) == [
            "down 0 400.0,120.0 @1000", "down 1 800.0,480.0 @1000", "move 0 0.0,120.0 @2000", "up 1 800.0,480.0 @3000",
            "up 0 0.0,120.0 @4000",
        ])
        #expect(decoder.diagnostics == InputDiagnostics())
    }

    @Test func aNewTrackingIDInAReportedSlotIsALiftThenATouch() throws {
        let decoder = try Feed.touchscreen()
        for record in [Feed.abs(EvdevCode.trackingID, 1), Feed.abs(EvdevCode.multitouchX, 0), Feed.syn(10),
                       Feed.abs(EvdevCode.trackingID, 2), Feed.abs(EvdevCode.multitouchX, 4095), Feed.syn(20)] {
            decoder.feed(record)
        }
        #expect(Feed.drain(decoder).map(\.phase) == [.down, .up, .down])
    }

    @Test func singleTouchAndAbsolutePointersUseTheirButton() throws {
        for (kind, button) in [(InputDeviceKind.singleTouch, EvdevCode.buttonTouch), (.absolutePointer, EvdevCode.buttonLeft)] {
            let decoder = try Feed.touchscreen(kind)
            for record in [Feed.abs(EvdevCode.absoluteX, 1000), Feed.abs(EvdevCode.absoluteY, 3000), Feed.syn(5),
                           Feed.key(button, 1), Feed.syn(6), Feed.abs(EvdevCode.absoluteX, 1100), Feed.syn(7),
                           Feed.key(button, 0), Feed.syn(8)] {
                decoder.feed(record)
            }
            // Hovering (before the press) produces nothing.
            #expect(Feed.drain(decoder).map(\.phase) == [.down, .move, .up])
        }
    }

    @Test func relativeMouseMovesAVirtualPointerOverThePanel() throws {
        let mapping = try DisplayMapping(rangeX: AxisRange(minimum: 0, maximum: 800), rangeY: AxisRange(minimum: 0, maximum: 480),
                                         panelWidth: 800, panelHeight: 480, sceneWidth: 800, sceneHeight: 480)
        let decoder = EvdevDecoder(kind: .relativePointer, mapping: mapping)
        for record in [Feed.rel(EvdevCode.relativeX, 10), Feed.key(EvdevCode.buttonLeft, 1), Feed.syn(1),
                       Feed.rel(EvdevCode.relativeX, -5000), Feed.rel(EvdevCode.relativeY, 20), Feed.syn(2),
                       Feed.key(EvdevCode.buttonLeft, 0), Feed.syn(3)] {
            decoder.feed(record)
        }
        // Starts at the panel's centre; a huge move stops at the edge.
        #expect(Feed.summary(Feed.drain(decoder)) == ["down 0 410.0,240.0 @1", "move 0 0.0,260.0 @2", "up 0 0.0,260.0 @3"])
    }

    @Test func keysKeepTheirStates() throws {
        let decoder = EvdevDecoder(kind: .keyboard, mapping: nil)
        for record in [Feed.key(28, 1, 1), Feed.key(28, 2, 2), Feed.key(28, 0, 3), Feed.key(28, 99, 4)] { decoder.feed(record) }
        var keys: [KeyEvent] = []
        while let event = decoder.next() { if case .key(let key) = event { keys.append(key) } }
        #expect(keys.map(\.state) == [.pressed, .repeated, .released, .repeated])
        #expect(keys.allSatisfy { $0.code == 28 })
    }

    @Test func droppedReportsCancelContactsAndDiscardUntilTheNextReport() throws {
        let decoder = try Feed.touchscreen()
        for record in [Feed.abs(EvdevCode.trackingID, 1), Feed.abs(EvdevCode.multitouchX, 100), Feed.syn(1),
                       EvdevRecord(timeMicros: 2, type: 0, code: EvdevCode.synDropped, value: 0),
                       Feed.abs(EvdevCode.multitouchX, 4000), Feed.abs(EvdevCode.trackingID, -1), Feed.syn(3),
                       Feed.abs(EvdevCode.trackingID, 5), Feed.abs(EvdevCode.multitouchX, 200), Feed.syn(4)] {
            decoder.feed(record)
        }
        let events = Feed.drain(decoder)
        #expect(events.map(\.phase) == [.down, .cancel, .down])
        #expect(events[2].timeMicros == 4)
        #expect(decoder.diagnostics.droppedReports == 1)
    }

    @Test func absurdValuesAreClampedAndCountedNeverTrapping() throws {
        let decoder = try Feed.touchscreen()
        for record in [Feed.abs(EvdevCode.slot, 99), Feed.abs(EvdevCode.trackingID, 3), Feed.abs(EvdevCode.slot, 2),
                       Feed.abs(EvdevCode.trackingID, 4), Feed.abs(EvdevCode.multitouchX, .max),
                       Feed.abs(EvdevCode.multitouchY, .min), Feed.syn(50), Feed.syn(40)] {
            decoder.feed(record)
        }
        #expect(Feed.summary(Feed.drain(decoder)) == ["down 2 800.0,0.0 @50"])
        #expect(decoder.diagnostics.clampedCoordinates == 1)
        #expect(decoder.diagnostics.ignoredSlots == 1)
        #expect(decoder.diagnostics.reversedTimes == 1)
    }

    @Test func aFullQueueCountsWhatItCouldNotKeep() throws {
        let decoder = EvdevDecoder(kind: .keyboard, mapping: nil)
        for index in 0..<100 { decoder.feed(Feed.key(30, Int32(index & 1))) }
        #expect(decoder.diagnostics.overflowedEvents == 100 - EvdevDecoder.queueCapacity)
    }

    @Test func thousandsOfRecordsAllocateNothing() throws {
        let decoder = try Feed.touchscreen()
        var records: [EvdevRecord] = []
        for index in 0..<1_000 {
            let slot = Int32(index % 3)
            records += [Feed.abs(EvdevCode.slot, slot), Feed.abs(EvdevCode.trackingID, index % 7 == 0 ? -1 : slot),
                        Feed.abs(EvdevCode.multitouchX, Int32(index * 37 % 5000)), Feed.syn(Int64(index))]
        }
        var delivered = 0
        // Index loops: a for-in over an array allocates in debug builds.
        let before = cmc_allocation_count()
        for index in 0..<records.count {
            decoder.feed(records[index])
            while decoder.next() != nil { delivered += 1 }
        }
        #expect(cmc_allocation_count() - before == 0)
        #expect(delivered > 900)
    }

    @Test func recordsDecodeFromBothKernelLayouts() throws {
        // 64-bit timeval: 3 s 250 µs, EV_ABS, ABS_MT_POSITION_X, −2.
        var bytes: [UInt8] = [3, 0, 0, 0, 0, 0, 0, 0, 250, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x35, 0, 0xFE, 0xFF, 0xFF, 0xFF]
        let wide = try bytes.withUnsafeBytes { buffer throws(InputError) in try EvdevRecordLayout.time64.record(in: buffer, at: 0) }
        #expect(wide == EvdevRecord(timeMicros: 3_000_250, type: 3, code: 0x35, value: -2))
        bytes = [3, 0, 0, 0, 250, 0, 0, 0, 1, 0, 28, 0, 1, 0, 0, 0]
        let narrow = try bytes.withUnsafeBytes { buffer throws(InputError) in try EvdevRecordLayout.time32.record(in: buffer, at: 0) }
        #expect(narrow == EvdevRecord(timeMicros: 3_000_250, type: 1, code: 28, value: 1))
        #expect(throws: InputError.truncatedRecord(offset: 8, available: 8, needed: 16)) {
            try bytes.withUnsafeBytes { buffer throws(InputError) in try EvdevRecordLayout.time32.record(in: buffer, at: 8) }
        }
    }
}

/// Devices classified from `EVIOCGBIT` bitmaps as the kernel fills them.
@Suite struct InputCapabilitiesTests {
    /// A bitmap of `bytes` bytes with `codes` set.
    static func bits(_ codes: [UInt16], bytes: Int) -> [UInt8] {
        var map = [UInt8](repeating: 0, count: bytes)
        for code in codes { map[Int(code / 8)] |= 1 << (code % 8) }
        return map
    }

    static func kind(events: [UInt16], keys: [UInt16] = [], abs: [UInt16] = [], rel: [UInt16] = []) -> InputDeviceKind? {
        let e = bits(events, bytes: 4), k = bits(keys, bytes: 96), a = bits(abs, bytes: 8), r = bits(rel, bytes: 2)
        return e.withUnsafeBytes { e in k.withUnsafeBytes { k in a.withUnsafeBytes { a in r.withUnsafeBytes { r in
            InputCapabilities(eventBits: e, keyBits: k, absoluteBits: a, relativeBits: r).kind
        } } } }
    }

    @Test func devicesAreClassifiedByTheirBits() {
        // A capacitive panel (goodix, ft5x06): MT slots plus the legacy single-touch emulation.
        #expect(Self.kind(events: [0, 1, 3], keys: [EvdevCode.buttonTouch], abs: [0, 1, 0x2F, 0x35, 0x36, 0x39]) == .multitouch)
        // A resistive panel (ads7846): ABS_X/Y and BTN_TOUCH.
        #expect(Self.kind(events: [0, 1, 3], keys: [EvdevCode.buttonTouch], abs: [0, 1, 0x18]) == .singleTouch)
        // QEMU usb-tablet: ABS_X/Y and mouse buttons.
        #expect(Self.kind(events: [0, 1, 2, 3], keys: [0x110, 0x111, 0x112], abs: [0, 1], rel: [8]) == .absolutePointer)
        #expect(Self.kind(events: [0, 1, 2], keys: [0x110, 0x111], rel: [0, 1, 8]) == .relativePointer)
        #expect(Self.kind(events: [0, 1, 0x11, 0x14], keys: Array(1...88)) == .keyboard)
        // A power button has keys (KEY_POWER = 116), so it counts as a keyboard; a lid switch has nothing.
        #expect(Self.kind(events: [0, 1], keys: [116]) == .keyboard)
        #expect(Self.kind(events: [0, 5]) == nil)
        // Axis bits without EV_ABS in the event bitmap count for nothing.
        #expect(Self.kind(events: [0], abs: [0, 1, 0x2F, 0x35, 0x36]) == nil)
    }
}
