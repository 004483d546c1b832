#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes and directory creation through the C library (no Foundation). Setup and tool use
/// only: these allocate.
public enum FileSystem {
    /// The whole contents of a file.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw failure(path, "read") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count {
                if ferror(file) != 0 { throw failure(path, "read") }
                return bytes
            }
        }
    }

    /// Replaces a file's contents (creating it).
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        guard let file = fopen(path, "wb") else { throw failure(path, "write") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else { throw failure(path, "write") }
    }

    /// Creates a directory and any missing parents (like `mkdir -p`); an existing directory is fine.
    public static func createDirectory(_ path: String) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw failure(prefix, "create directory") }
            var status = stat()
            if stat(prefix, &status) != 0 || status.st_mode & S_IFMT != S_IFDIR {
                throw FileError(path: prefix, operation: "create directory", reason: "exists and is not a directory")
            }
            prefix += "/"
        }
    }

    /// The folder part of a path (`"."` when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func failure(_ path: String, _ operation: String) -> FileError {
        FileError(path: path, operation: operation, reason: String(cString: strerror(errno)))
    }
}
