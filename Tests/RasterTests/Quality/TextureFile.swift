import FixedPoint
import Foundation
@testable import Raster

/// The corpus's test images: `composited/<name>.pam`, straight RGBA written by the reference script.
enum TextureFile {
    /// The image as a premultiplied ARGB8888 surface (each texel premultiplied with `Color.premultiplied`).
    static func load(_ name: String) throws -> SurfaceStorage {
        let url = CompositedCorpus.directory.appendingPathComponent(name + ".pam")
        let bytes = [UInt8](try Data(contentsOf: url))
        guard let end = bytes.firstRange(of: Array("ENDHDR\n".utf8)) else { throw CompositedCorpusError.badImageFile(name) }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let width = fields["WIDTH"].flatMap({ Int($0) }), let height = fields["HEIGHT"].flatMap({ Int($0) }),
              fields["DEPTH"] == "4", fields["MAXVAL"] == "255", bytes.count - end.upperBound == width * height * 4
        else { throw CompositedCorpusError.badImageFile(name) }
        let texels = bytes[end.upperBound...]
        let pixels = stride(from: texels.startIndex, to: texels.endIndex, by: 4).map { (i: Int) -> UInt32 in
            let straight = Color(red: texels[i], green: texels[i + 1], blue: texels[i + 2], alpha: texels[i + 3])
            return straight.premultiplied().packedARGB
        }
        return try ImageTests.makeStorage(pixels, width: width, height: height)
    }
}
