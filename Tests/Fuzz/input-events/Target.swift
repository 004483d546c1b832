import FixedPoint
import FlipbookInput
import Raster

/// The evdev decoder on arbitrary records: a 12-byte header chooses the device kind, rotation, fit and axis
/// ranges (any Int16 pair; an empty range must be refused as `InputError.emptyAxisRange`), then 24-byte
/// `input_event` records follow. Checks that every contact's events are well formed (down, moves, then one
/// up or cancel; never a move or an up without a down) and that every position lies in the panel's image.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 12 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let kinds: [InputDeviceKind] = [.multitouch, .singleTouch, .absolutePointer, .relativePointer, .keyboard]
    let kind = kinds[Int(bytes[0]) % kinds.count]
    let rotation = DisplayRotation(rawValue: bytes[1] & 3)!
    let fit = DisplayFit(rawValue: bytes[2] & 3)!
    func int16(_ offset: Int) -> Int32 { Int32(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)) }
    let rangeX = AxisRange(minimum: int16(4), maximum: int16(6)), rangeY = AxisRange(minimum: int16(8), maximum: int16(10))
    let mapping: DisplayMapping
    do {
        mapping = try DisplayMapping(rangeX: rangeX, rangeY: rangeY, panelWidth: 640, panelHeight: 400,
                                     sceneWidth: 320, sceneHeight: 480, rotation: rotation, fit: fit)
    } catch {
        guard case .emptyAxisRange = error else { preconditionFailure("refused with \(error)") }
        precondition(rangeX.minimum >= rangeX.maximum || rangeY.minimum >= rangeY.maximum, "refused a usable range")
        return 0
    }
    // The scene rectangle the whole panel covers (its corners, mapped), a little grown for rounding.
    var low = (x: Int32.max, y: Int32.max), high = (x: Int32.min, y: Int32.min)
    for corner in [(rangeX.minimum, rangeY.minimum), (rangeX.maximum, rangeY.maximum), (rangeX.minimum, rangeY.maximum),
                   (rangeX.maximum, rangeY.minimum)] {
        var clamped = false
        let point = mapping.scenePoint(x: corner.0, y: corner.1, clamped: &clamped)
        precondition(!clamped, "a corner of the range was clamped")
        low = (min(low.x, point.x.raw), min(low.y, point.y.raw))
        high = (max(high.x, point.x.raw), max(high.y, point.y.raw))
    }
    let decoder = EvdevDecoder(kind: kind, mapping: mapping)
    var open = [Bool](repeating: false, count: 256)
    var offset = 12
    while offset + 24 <= size {
        let record: EvdevRecord
        do { record = try EvdevRecordLayout.time64.record(in: bytes, at: offset) } catch { preconditionFailure("\(error)") }
        decoder.feed(record)
        offset += 24
        while let event = decoder.next() {
            guard case .pointer(let pointer) = event else { continue }
            let contact = Int(pointer.contact)
            switch pointer.phase {
            case .down: precondition(!open[contact], "a second down for contact \(contact)"); open[contact] = true
            case .move: precondition(open[contact], "a move without a down")
            case .up, .cancel: precondition(open[contact], "an end without a down"); open[contact] = false
            }
            let margin: Int32 = 1 << 12
            precondition(pointer.x.raw >= low.x &- margin && pointer.x.raw <= high.x &+ margin &&
                         pointer.y.raw >= low.y &- margin && pointer.y.raw <= high.y &+ margin, "a position off the panel")
        }
    }
    precondition(decoder.diagnostics.total >= 0)
    return 0
}
