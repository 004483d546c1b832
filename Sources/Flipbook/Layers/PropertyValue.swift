import FixedPoint

/// A property value at the API boundary, in `Double`s as Core Animation and the scene format state them.
///
/// Values are validated and converted to fixed point when they enter the engine (setters, animation
/// descriptors); nothing here is used per frame.
public enum PropertyValue: Equatable, Sendable {
    /// One number (`opacity`, `position.x`, `transform.rotation` in radians …).
    case number(Double)
    /// Two numbers (`position`, `bounds.size`, `anchorPoint`, `shadowOffset`, `transform.translation`).
    case pair(Double, Double)
    /// A rectangle (`bounds`).
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// A colour, or nil for none.
    case color(Color?)
    /// A Boolean (`hidden`, `masksToBounds`).
    case flag(Bool)
    /// A path, or nil for none (`path`).
    case path(PathID?)
    /// Gradient stops (`colors`, `locations`), or nil for the layer's own (as `setGradient` gave them).
    case stops(GradientStopsID?)
    /// A `CATransform3D` (the `transform` key path): held by the layer as its components.
    case transform(LayerTransform)

    /// The value's shape.
    public var kind: ValueKind {
        switch self {
        case .number: return .number
        case .pair: return .pair
        case .rect: return .rect
        case .color: return .color
        case .flag: return .flag
        case .path: return .path
        case .stops: return .stops
        case .transform: return .transform
        }
    }
}

/// Up to four raw slots of one property value (see `LayerState`).
typealias SlotValues = InlineArray<4, Int32>

extension PropertyValue {
    /// The value as raw slots for `property`, validated against the property's range.
    ///
    /// - Throws: `valueKindMismatch`, or `invalidValue` naming the field, the value and the problem.
    func slotValues(for property: LayerProperty, layer: LayerName?) throws(EngineError) -> SlotValues {
        guard kind == property.valueKind else {
            throw .valueKindMismatch(layer: layer, field: property.keyPath, expected: property.valueKind, got: kind)
        }
        var values = SlotValues(repeating: 0)
        switch self {
        case let .number(value):
            values[0] = try PropertyValue.raw(value, property: property, layer: layer)
        case let .pair(first, second):
            values[0] = try PropertyValue.raw(first, property: property, layer: layer)
            values[1] = try PropertyValue.raw(second, property: property, layer: layer)
        case let .rect(x, y, width, height):
            values[0] = try PropertyValue.raw(x, property: .position, layer: layer)
            values[1] = try PropertyValue.raw(y, property: .position, layer: layer)
            values[2] = try PropertyValue.raw(width, property: .boundsWidth, layer: layer)
            values[3] = try PropertyValue.raw(height, property: .boundsHeight, layer: layer)
        case let .color(color):
            if let color {
                values[0] = Int32(color.red) &<< 16
                values[1] = Int32(color.green) &<< 16
                values[2] = Int32(color.blue) &<< 16
                values[3] = Int32(color.alpha) &<< 16
            }
        case let .flag(value):
            values[0] = value ? 1 : 0
        case let .path(path):
            values[0] = path?.packed ?? 0
        case let .stops(stops):
            values[0] = stops?.packed ?? 0
        case .transform:
            // A matrix is not a slot value: `setValue` and `addAnimation` take it apart into the components.
            throw .valueKindMismatch(layer: layer, field: property.keyPath, expected: .triple, got: .transform)
        }
        return values
    }

    /// The value stored in raw slots for `property`.
    init(slotValues values: SlotValues, property: LayerProperty) {
        func number(_ raw: Int32) -> Double { Double(raw) / 65536 }
        switch property.valueKind {
        case .number: self = .number(number(values[0]))
        case .pair, .triple: self = .pair(number(values[0]), number(values[1]))
        case .rect:
            self = .rect(x: number(values[0]), y: number(values[1]), width: number(values[2]), height: number(values[3]))
        case .color:
            self = .color(PropertyValue.color(values))
        case .flag: self = .flag(values[0] != 0)
        case .path: self = .path(PathID(packed: values[0]))
        case .stops: self = .stops(GradientStopsID(packed: values[0]))
        case .transform: self = .transform(.identity)  // not read from slots (`Engine.transformValue`)
        }
    }

    /// The 8-bit colour of four Q16.16 channel slots (rounded to nearest), or nil for all-zero slots.
    static func color(_ values: SlotValues) -> Color? {
        if values[0] == 0 && values[1] == 0 && values[2] == 0 && values[3] == 0 { return nil }
        return Color(red: channel(values[0]), green: channel(values[1]), blue: channel(values[2]), alpha: channel(values[3]))
    }

    /// A Q16.16 channel value rounded to 0 … 255 (interpolation and springs may overshoot the range).
    static func channel(_ raw: Int32) -> UInt8 {
        let rounded = (raw &+ 0x8000) &>> 16
        return UInt8(truncatingIfNeeded: rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
    }

    /// One validated Q16.16 number for `property`.
    private static func raw(_ value: Double, property: LayerProperty, layer: LayerName?) throws(EngineError) -> Int32 {
        let field = property.keyPath
        guard value.isFinite else { throw .invalidValue(layer: layer, field: field, value: value, reason: .notFinite) }
        switch property {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd:
            guard value >= 0, value <= 1 else {
                throw .invalidValue(layer: layer, field: field, value: value, reason: .outOfRange(min: 0, max: 1))
            }
        case .cornerRadius, .borderWidth, .shadowRadius, .lineWidth, .miterLimit, .perspective, .sublayerPerspective,
             .boundsWidth, .boundsHeight, .boundsSize, .fontSize:
            guard value >= 0 else { throw .invalidValue(layer: layer, field: field, value: value, reason: .negative) }
        case .instanceCount:
            let maximum = Double(Engine.maximumInstanceCount)
            guard value >= 1, value <= maximum else {
                throw .invalidValue(layer: layer, field: field, value: value, reason: .outOfRange(min: 1, max: maximum))
            }
            guard Double(Int(value)) == value else {  // in 1 … 64, so the conversion is exact (no libm `floor`)
                throw .invalidValue(layer: layer, field: field, value: value, reason: .notWhole)
            }
        case .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            guard value >= -1, value <= 1 else {
                throw .invalidValue(layer: layer, field: field, value: value, reason: .outOfRange(min: -1, max: 1))
            }
        default: break
        }
        do {
            return try Fixed(exactly: value).raw
        } catch {
            throw .invalidValue(layer: layer, field: field, value: value,
                                reason: .outOfRange(min: Fixed.representableRange.lowerBound,
                                                    max: Fixed.representableRange.upperBound))
        }
    }
}
