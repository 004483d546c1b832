/// The fields of a PNG `IHDR` chunk (PNG §11.2.2), checked, and the sizes they imply.
struct PNGHeader {
    let width: Int
    let height: Int
    /// 1, 2, 4, 8 or 16 bits a sample.
    let bitDepth: Int
    /// 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    let colorType: Int
    let interlaced: Bool

    /// Samples a pixel.
    var channels: Int {
        switch colorType {
        case 2: 3
        case 4: 2
        case 6: 4
        default: 1
        }
    }

    var bitsPerPixel: Int { channels * bitDepth }

    /// The distance, in bytes, between a byte and the one of the previous pixel that filters use (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes of one filtered row of `pixels` pixels, without its filter type byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Reads and checks the 13 bytes of `IHDR` against `limits`.
    init(_ data: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError) {
        guard data.count == 13 else { throw PNGError(message: "IHDR: length \(data.count), expected 13") }
        let storedWidth = PNGHeader.bigEndian(data, at: 0), storedHeight = PNGHeader.bigEndian(data, at: 4)
        bitDepth = Int(data[8])
        colorType = Int(data[9])
        let allowedDepths: [Int] = switch colorType {
        case 0: [1, 2, 4, 8, 16]
        case 3: [1, 2, 4, 8]
        case 2, 4, 6: [8, 16]
        default: throw PNGError(message: "IHDR: colour type \(colorType) is not 0, 2, 3, 4 or 6")
        }
        guard allowedDepths.contains(bitDepth) else {
            throw PNGError(message: "IHDR: bit depth \(bitDepth) is not allowed with colour type \(colorType)")
        }
        guard data[10] == 0 else { throw PNGError(message: "IHDR: compression method \(data[10]) is not 0") }
        guard data[11] == 0 else { throw PNGError(message: "IHDR: filter method \(data[11]) is not 0") }
        guard data[12] <= 1 else { throw PNGError(message: "IHDR: interlace method \(data[12]) is not 0 or 1") }
        interlaced = data[12] == 1
        guard (1...0x7FFF_FFFF).contains(storedWidth), (1...0x7FFF_FFFF).contains(storedHeight) else {
            throw PNGError(message: "IHDR: size \(storedWidth)×\(storedHeight) is outside 1…2147483647")
        }
        guard storedWidth <= limits.maximumSide, storedHeight <= limits.maximumSide else {
            throw PNGError(message: "IHDR: size \(storedWidth)×\(storedHeight) exceeds the limit of \(limits.maximumSide) pixels a side")
        }
        let width = Int(storedWidth), height = Int(storedHeight)
        // A pixel takes at most 8 filtered bytes and 4 RGBA bytes; the sizes derived from the header must fit Int.
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= limits.maximumPixels, pixels <= Int.max / 16 - height else {
            throw PNGError(message: "IHDR: size \(width)×\(height) exceeds the limit of \(limits.maximumPixels) pixels")
        }
        self.width = width
        self.height = height
    }

    /// The big-endian 32-bit number at `data[offset...]`.
    static func bigEndian(_ data: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8 | UInt32(data[offset + 3])
    }
}

/// How large a PNG may be before it is refused, checked against `IHDR` before anything is allocated.
public struct PNGLimits: Sendable {
    /// Largest width or height, in pixels (default 16384).
    public var maximumSide: UInt32
    /// Largest width × height (default 2²⁵ = 33.5 M pixels, a 128 MiB RGBA image).
    public var maximumPixels: Int

    /// Limits of `maximumSide` pixels a side and `maximumPixels` pixels.
    public init(maximumSide: UInt32 = 16_384, maximumPixels: Int = 1 << 25) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
    }
}
