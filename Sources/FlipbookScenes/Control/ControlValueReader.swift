import FixedPoint
import Flipbook

/// Reads the `values` object of a `set` command: each key path resolved, each value checked against the key
/// path's kind and range, into the parser's settings storage. Allocates nothing.
struct ControlValueReader {
    var scanner: ControlScanner
    let targets: ControlTargets
    /// Scratch for decoded key paths and colours.
    let name: UnsafeMutableBufferPointer<UInt8>

    /// Fills `settings` from the object at the cursor; returns how many were read.
    mutating func read(into settings: UnsafeMutableBufferPointer<ControlSetting>,
                       layerKind: LayerKind) throws(ControlError) -> Int {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "{") else { throw .wrongValueType(field: "values", expected: "an object") }
        scanner.index += 1
        guard !scanner.take(UInt8(ascii: "}")) else { throw .wrongValueType(field: "values", expected: "an object with at least one key path") }
        var count = 0
        repeat {
            let keyRange = try scanner.string()
            try scanner.expect(UInt8(ascii: ":"), "':' after a key")
            let length = scanner.decode(keyRange, into: name)
            guard let (keyPath, property) = targets.keyPath(named: UnsafeBufferPointer(rebasing: name[0 ..< length])) else {
                throw .unknownProperty(keyRange)
            }
            if let owner = keyPath.ownerKind, owner != layerKind { throw .wrongLayerKind(keyRange, owner: owner) }
            guard count < settings.count else { throw .tooManyValues(limit: settings.count) }
            let value = try self.value(for: keyPath, key: keyRange)
            for earlier in 0 ..< count where settings[earlier].property == property { throw .duplicateField(keyRange) }
            settings[count] = ControlSetting(property: property, value: value)
            count += 1
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        return count
    }

    /// The value at the cursor for `keyPath`, whose key's bytes are `key`.
    private mutating func value(for keyPath: SceneKeyPath, key: Range<Int>) throws(ControlError) -> PropertyValue {
        scanner.skipSpace()
        let kind = keyPath.valueKind
        switch kind {
        case .scalar:
            let number = try numbers(1, key: key, expected: "a number", range: keyPath.scalarRange)
            return .number(number.0)
        case .pair:
            let pair = try numbers(2, key: key, expected: "an array [x, y]", range: nil)
            return .pair(pair.0, pair.1)
        case .rect:
            let rect = try numbers(4, key: key, expected: "an array [x, y, w, h]", range: nil)
            guard rect.2 >= 0 else { throw .propertyOutOfRange(key, value: rect.2) }
            guard rect.3 >= 0 else { throw .propertyOutOfRange(key, value: rect.3) }
            return .rect(x: rect.0, y: rect.1, width: rect.2, height: rect.3)
        case .color:
            if case .null? = scanner.literal() { return .color(nil) }
            let expected: StaticString = "a colour \"#rrggbb\", \"#rrggbbaa\" or null"
            guard scanner.current == UInt8(ascii: "\"") else { throw .wrongPropertyValue(key, expected: expected) }
            let range = try scanner.string()
            let length = scanner.decode(range, into: name)
            guard let color = Self.color(UnsafeBufferPointer(rebasing: name[0 ..< length])) else {
                throw .wrongPropertyValue(key, expected: expected)
            }
            return .color(color)
        case .bool:
            switch scanner.literal() {
            case .true?: return .flag(true)
            case .false?: return .flag(false)
            default: throw .wrongPropertyValue(key, expected: "a boolean")
            }
        case .path, .colors, .locations, .transform:
            throw .unsupportedProperty(key)
        }
    }

    /// One number, or an array of `count` numbers, each finite and within `range` when given.
    private mutating func numbers(_ count: Int, key: Range<Int>, expected: StaticString,
                                  range: ClosedRange<Double>?) throws(ControlError) -> (Double, Double, Double, Double) {
        var values = (0.0, 0.0, 0.0, 0.0)
        let isArray = scanner.current == UInt8(ascii: "[")
        guard isArray == (count > 1) else { throw .wrongPropertyValue(key, expected: expected) }
        if isArray { scanner.index += 1 }
        for index in 0 ..< count {
            if index > 0 && !scanner.take(UInt8(ascii: ",")) { throw .wrongPropertyValue(key, expected: expected) }
            scanner.skipSpace()
            guard scanner.current == UInt8(ascii: "-") || ControlScanner.isDigit(scanner.current) else {
                throw .wrongPropertyValue(key, expected: expected)
            }
            let number = try scanner.number()
            guard number.isFinite, abs(number) <= SceneLimits.maximumCoordinate * 16 else {
                throw .propertyOutOfRange(key, value: number)
            }
            if let range, !range.contains(number) { throw .propertyOutOfRange(key, value: number) }
            switch index {
            case 0: values.0 = number
            case 1: values.1 = number
            case 2: values.2 = number
            default: values.3 = number
            }
        }
        if isArray && !scanner.take(UInt8(ascii: "]")) { throw .wrongPropertyValue(key, expected: expected) }
        return values
    }

    /// `#rrggbb` or `#rrggbbaa` as the engine's colour.
    static func color(_ text: UnsafeBufferPointer<UInt8>) -> Color? {
        guard text.count == 7 || text.count == 9, text[0] == UInt8(ascii: "#") else { return nil }
        var channels: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        var index = 1
        while index < text.count {
            guard let high = hexDigitValue(text[index]), let low = hexDigitValue(text[index + 1]) else {
                return nil
            }
            let channel = high << 4 | low
            switch index {
            case 1: channels.0 = channel
            case 3: channels.1 = channel
            case 5: channels.2 = channel
            default: channels.3 = channel
            }
            index += 2
        }
        return SceneLoader.color(SceneColor(red: channels.0, green: channels.1, blue: channels.2, alpha: channels.3))
    }
}
