/// One output line assembled in a buffer allocated at setup, then written with write(2): printing a result
/// allocates nothing (the setup heap is sealed while workloads run).
struct BenchOutput: ~Copyable {
    private let line: UnsafeMutablePointer<UInt8>
    private let capacity = 400
    private var length = 0

    init() {
        line = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit { line.deallocate() }

    /// Appends the bytes of `text`.
    mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends `count` bytes at `bytes` (cut at the line's capacity).
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        for index in 0..<count where length < capacity - 1 {
            line[length] = bytes[index]
            length += 1
        }
    }

    /// Appends `value` in decimal.
    mutating func append(_ value: Int64) {
        if value < 0 { append("-") }
        var magnitude = value.magnitude
        var digits: InlineArray<20, UInt8> = .init(repeating: 0)
        var count = 0
        repeat {
            digits[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
            magnitude /= 10
            count += 1
        } while magnitude > 0
        while count > 0 {
            count -= 1
            appendByte(digits[count])
        }
    }

    /// Appends `value / 10^decimals` with exactly `decimals` decimals (`value` is already scaled and rounded).
    mutating func append(scaled value: Int64, decimals: Int) {
        var unit: Int64 = 1
        for _ in 0..<decimals { unit *= 10 }
        if value < 0 { append("-") }
        append(Int64(value.magnitude / UInt64(unit)))
        guard decimals > 0 else { return }
        append(".")
        var fraction = Int64(value.magnitude % UInt64(unit))
        var digitUnit = unit / 10
        while digitUnit > 0 {
            appendByte(UInt8(truncatingIfNeeded: fraction / digitUnit) + 0x30)
            fraction %= digitUnit
            digitUnit /= 10
        }
    }

    /// Appends spaces up to `column` (at least one).
    mutating func pad(to column: Int) {
        repeat { appendByte(0x20) } while length < column && length < capacity - 1
    }

    /// Writes the line and a newline to standard output and starts a new line.
    mutating func endLine() {
        line[length] = 0x0A
        _ = writeAll(1, line, length + 1)
        length = 0
    }

    private mutating func appendByte(_ byte: UInt8) {
        guard length < capacity - 1 else { return }
        line[length] = byte
        length += 1
    }
}
