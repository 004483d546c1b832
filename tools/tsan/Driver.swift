import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the Swift Testing suites compiled into this executable (`--filter` as with `swift test`), for
/// `tools/tsan/tsan.sh`, which builds them outside SwiftPM so that only the threaded modules are instrumented.
@main struct ThreadSanitizerDriver {
    static func main() async {
        exit(await Testing.__swiftPMEntryPoint() as CInt)
    }
}
