import FixedPoint

/// libinput's calibration matrix (`LIBINPUT_CALIBRATION_MATRIX`, udev's `ENV{LIBINPUT_CALIBRATION_MATRIX}`):
/// six numbers `a b c d e f` applied to positions normalised to 0 … 1 of the device's range,
/// `x′ = a·x + b·y + c`, `y′ = d·x + e·y + f`. The identity is `1 0 0 0 1 0`.
public struct CalibrationMatrix: Equatable, Sendable {
    /// The entries a, b, c, d, e, f.
    public var a: Fixed, b: Fixed, c: Fixed, d: Fixed, e: Fixed, f: Fixed

    /// The identity (no correction).
    public static let identity = CalibrationMatrix(a: .one, b: .zero, c: .zero, d: .zero, e: .one, f: .zero)

    /// Creates a matrix from its entries.
    public init(a: Fixed, b: Fixed, c: Fixed, d: Fixed, e: Fixed, f: Fixed) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// Parses six decimal numbers separated by spaces or tabs (`"0 1 0 -1 0 1"`).
    ///
    /// - Throws: `InputError.invalidCalibrationMatrix` naming the field (1 … 6, or 7 for extra text).
    public init(parsing text: String) throws(InputError) {
        var entries: [6 of Fixed] = [.zero, .zero, .zero, .zero, .zero, .zero]
        var count = 0
        var number = DecimalScanner()
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 {
                if number.hasDigits || number.isStarted {
                    guard count < 6 else { throw .invalidCalibrationMatrix(field: 7, reason: "more than six numbers") }
                    entries[count] = try number.value(field: count &+ 1)
                    count &+= 1
                    number = DecimalScanner()
                }
                continue
            }
            try number.accept(byte, field: count &+ 1)
        }
        if number.isStarted {
            guard count < 6 else { throw .invalidCalibrationMatrix(field: 7, reason: "more than six numbers") }
            entries[count] = try number.value(field: count &+ 1)
            count &+= 1
        }
        guard count == 6 else { throw .invalidCalibrationMatrix(field: count &+ 1, reason: "missing; six numbers needed") }
        self.init(a: entries[0], b: entries[1], c: entries[2], d: entries[3], e: entries[4], f: entries[5])
    }
}

/// Reads one decimal number (`-0.25`, `1`, `+.5`) byte by byte into Q16.16, rounded to nearest.
struct DecimalScanner {
    var isStarted = false, hasDigits = false, isNegative = false, inFraction = false
    var whole: Int64 = 0
    /// Fraction digits as an integer and its power of ten (at most 9 digits kept).
    var fraction: Int64 = 0, scale: Int64 = 1

    mutating func accept(_ byte: UInt8, field: Int) throws(InputError) {
        switch byte {
        case 0x2D where !isStarted:
            isNegative = true
        case 0x2B where !isStarted:
            break
        case 0x2E where !inFraction:
            inFraction = true
        case 0x30...0x39:
            hasDigits = true
            let digit = Int64(byte &- 0x30)
            if inFraction {
                if scale < 1_000_000_000 { fraction = fraction &* 10 &+ digit; scale &*= 10 }
            } else {
                whole = whole &* 10 &+ digit
                guard whole <= 32767 else { throw .invalidCalibrationMatrix(field: field, reason: "beyond ±32767") }
            }
        default:
            throw .invalidCalibrationMatrix(field: field, reason: "not a decimal number")
        }
        isStarted = true
    }

    func value(field: Int) throws(InputError) -> Fixed {
        guard hasDigits else { throw .invalidCalibrationMatrix(field: field, reason: "not a decimal number") }
        let fractionRaw = (fraction &<< 16 &+ scale / 2) / scale
        let raw = (whole &<< 16) &+ fractionRaw
        guard raw <= Int64(Int32.max) else { throw .invalidCalibrationMatrix(field: field, reason: "beyond ±32767") }
        return Fixed(raw: Int32(truncatingIfNeeded: isNegative ? 0 &- raw : raw))
    }
}
