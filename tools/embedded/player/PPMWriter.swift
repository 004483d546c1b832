import FixedPoint
import Raster

/// Streams surfaces as binary PPM (P6) images through write(2), one row at a time.
///
/// The row buffer is allocated at setup; writing a frame allocates nothing.
struct PPMWriter: ~Copyable {
    private let row: UnsafeMutablePointer<UInt8>
    private let width: Int
    private let descriptor: Int32

    /// Prepares to write `width`-pixel rows to `descriptor`.
    init(width: Int, descriptor: Int32) {
        self.width = width
        self.descriptor = descriptor
        row = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 3)
    }

    deinit { row.deallocate() }

    /// Writes `surface` (any layout Raster decodes) as one P6 image; false if write(2) failed.
    func write(_ surface: Surface) -> Bool {
        var header: InlineArray<32, UInt8> = .init(repeating: 0)
        var length = 0
        for byte in "P6\n".utf8 { header[length] = byte; length += 1 }
        length = PPMWriter.appendDecimal(surface.width, to: &header, at: length, then: 0x20)
        length = PPMWriter.appendDecimal(surface.height, to: &header, at: length, then: 0x0A)
        for byte in "255\n".utf8 { header[length] = byte; length += 1 }
        let headerOK = withUnsafeBytes(of: &header) { writeAll(descriptor, $0.baseAddress!, length) }
        guard headerOK else { return false }
        for y in 0..<surface.height {
            for x in 0..<width {
                // Opaque frames: the decoded premultiplied colour equals the straight one.
                let color = surface.color(x: x, y: y) ?? .clear
                row[3 * x] = color.red
                row[3 * x + 1] = color.green
                row[3 * x + 2] = color.blue
            }
            guard writeAll(descriptor, row, width * 3) else { return false }
        }
        return true
    }

    /// Appends the decimal digits of `value` (0 … 99999) and a separator byte; returns the new length.
    private static func appendDecimal(
        _ value: Int, to buffer: inout InlineArray<32, UInt8>, at start: Int, then separator: UInt8
    ) -> Int {
        var divisor = 10_000
        var length = start
        var started = false
        while divisor > 0 {
            let digit = (value / divisor) % 10
            if digit != 0 || started || divisor == 1 {
                buffer[length] = UInt8(0x30 + digit)
                length += 1
                started = true
            }
            divisor /= 10
        }
        buffer[length] = separator
        return length + 1
    }
}
