// One JPEG decode for tools/bench/jpeg-callgrind.sh: reads the file named by the first argument, decodes it
// once with ImageCodecs and prints the size, so that callgrind counts a single decode.
import ImageCodecs
#if canImport(Glibc)
import Glibc
#endif

@main struct JPEGCallgrindDriver {
    static func main() {
        guard CommandLine.arguments.count == 2, let file = fopen(CommandLine.arguments[1], "rb") else {
            print("usage: driver FILE.jpg")
            exit(2)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        fclose(file)
        do {
            let image = try PixelImage(jpeg: bytes)
            print("\(image.width)×\(image.height)")
        } catch {
            print("refused: \(error.message)")
            exit(1)
        }
    }
}
