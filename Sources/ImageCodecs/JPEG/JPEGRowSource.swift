/// The full-resolution rows of a picture: each component's row upsampled from its sample plane (the whole
/// component, or a ring of rows while a sequential scan streams), then converted to RGBA.
struct JPEGRowSource {
    enum ColorLayout { case grey, rgb, yCbCr }

    var planes: [[UInt8]]
    let upsamplers: [JPEGUpsampler]
    /// One row a component, `rowStride` apart: `width` rounded up to 8, for the colour converter's vectors.
    private var samples: [UInt8]
    let width: Int
    private let rowStride: Int
    private let layout: ColorLayout

    init(planes: [[UInt8]], upsamplers: [JPEGUpsampler], width: Int, layout: ColorLayout) {
        self.planes = planes
        self.upsamplers = upsamplers
        self.width = width
        self.layout = layout
        rowStride = (width + 7) & ~7
        samples = [UInt8](repeating: 0, count: rowStride * planes.count)
    }

    /// Writes row `y` as opaque RGBA pixels at `output`, `step` bytes apart. The planes hold the sample rows
    /// it needs.
    mutating func convert(row y: Int, into output: UnsafeMutableRawPointer, step: Int) {
        let width = self.width, rowStride = self.rowStride
        samples.withUnsafeMutableBufferPointer { rows in
            for index in planes.indices {
                planes[index].withUnsafeBufferPointer { plane in
                    upsamplers[index].upsample(plane.baseAddress!, outputRow: y, width: width,
                                               into: rows.baseAddress! + index * rowStride)
                }
            }
        }
        samples.withUnsafeBufferPointer { rows in
            Self.convertRow(rows.baseAddress!, width: width, rowStride: rowStride, layout: layout, into: output, step: step)
        }
    }

    /// One row of full-resolution component samples (`width` each, planar at `rows`, `rowStride` apart: a
    /// multiple of 8 at least `width`) converted to opaque RGBA at `output`, one 32-bit store a pixel, `step`
    /// bytes apart. The caller keeps every pixel inside the picture.
    private static func convertRow(_ rows: UnsafePointer<UInt8>, width: Int, rowStride: Int, layout: ColorLayout,
                                   into output: UnsafeMutableRawPointer, step: Int) {
        var out = output
        @inline(__always) func store(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            let pixel = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000
            out.storeBytes(of: pixel.littleEndian, as: UInt32.self)
            out += step
        }
        switch layout {
        case .grey:
            for x in 0..<width { store(rows[x], rows[x], rows[x]) }
        case .rgb:
            for x in 0..<width { store(rows[x], rows[x &+ rowStride], rows[x &+ 2 &* rowStride]) }
        case .yCbCr:
            JPEGColorConversion.convert(luma: rows, cb: rows + rowStride, cr: rows + 2 &* rowStride, width: width,
                                        into: output, step: step)
        }
    }
}
