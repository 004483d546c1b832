import FixedPoint
import Testing
@testable import Flipbook

/// `LayerSlot`'s layout against the properties' key paths and value kinds: every property's slots lie
/// inside `LayerState`, the ones of different values never overlap, every slot belongs to a property, and
/// the numbers the compositor reads are the ones Core Animation's defaults were written to.
@Suite("Layer slot layout")
struct LayerSlotTests {
    /// The properties that own their slots (components such as `position.x` and `transform.scale.y` share
    /// their whole value's).
    static let owners: [LayerProperty] = [
        .position, .bounds, .anchorPoint, .zPosition, .opacity, .backgroundColor, .cornerRadius, .borderWidth,
        .borderColor, .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .hidden, .masksToBounds,
        .translationX, .translationY, .translationZ, .rotationX, .rotationY, .rotation, .scaleX, .scaleY,
        .scaleZ, .perspective, .strokeStart, .strokeEnd, .lineWidth, .fillColor, .strokeColor, .miterLimit,
        .path, .custom0, .custom1, .custom2, .custom3, .fontSize, .foregroundColor, .number, .startPoint, .endPoint,
        .contentsRect, .doubleSided, .sublayerPerspective, .shadowPath, .sublayerRotation, .sublayerScaleX,
        .sublayerScaleY, .sublayerTranslationX, .sublayerTranslationY, .colors, .locations, .instanceCount,
        .instanceDelay, .instanceRotation, .instanceScaleX, .instanceScaleY, .instanceTranslation, .instanceColor,
        .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .sublayerRotationX,
        .sublayerRotationY, .instanceRotationX, .instanceRotationY,
    ]

    @Test("Owners tile the state exactly; components lie inside their owner")
    func tiling() {
        var owner = [Int](repeating: -1, count: LayerSlot.count)
        for property in Self.owners {
            for slot in property.firstSlot ..< property.firstSlot + property.slotCount {
                #expect(owner[slot] == -1, "\(property.keyPath) overlaps slot \(slot)")
                owner[slot] = Int(property.rawValue)
            }
        }
        #expect(!owner.contains(-1), "unowned slots: \(owner.indices.filter { owner[$0] == -1 })")
        #expect(LayerSlot.count == 100)
        #expect(LayerState.slotCount == LayerState().slots.count)
        for property in LayerProperty.allCases {
            let written = property.firstSlot ..< property.firstSlot + property.writtenSlotCount
            #expect(written.allSatisfy { owner[$0] != -1 }, "\(property.keyPath)")
        }
        #expect(LayerProperty.scale.writtenSlotCount == 3)
        #expect(LayerProperty.rotation.firstSlot == LayerSlot.rotationZ)
        #expect(LayerProperty.boundsSize.firstSlot == LayerSlot.boundsWidth)
    }

    @Test("Defaults sit in the named slots")
    func defaults() {
        let state = LayerState()
        let one = Fixed.one.raw
        #expect(state.slots[LayerSlot.anchorX] == one / 2 && state.slots[LayerSlot.anchorY] == one / 2)
        #expect(state.slots[LayerSlot.opacity] == one)
        #expect(state.slots[LayerSlot.shadowOffsetHeight] == -3 * one)
        #expect(state.slots[LayerSlot.shadowRadius] == 3 * one)
        #expect(state.slots[LayerSlot.miterLimit] == 10 * one)
        #expect(SlotMath.color(state, LayerSlot.borderColor) == Color(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(SlotMath.color(state, LayerSlot.backgroundColor) == nil)
        #expect(state.slots[LayerSlot.fontSize] == 36 * one)
        #expect(SlotMath.color(state, LayerSlot.foregroundColor) == Color(red: 255, green: 255, blue: 255, alpha: 255))
        #expect((0..<4).map { state.slots[LayerSlot.contentsRect + $0] } == [0, 0, one, one])
        #expect(state.flag(LayerSlot.doubleSided))
    }
}
