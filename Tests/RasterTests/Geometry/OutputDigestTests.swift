import Testing
@testable import Raster

/// The rasterizer's and stroker's output is pinned: speed work must not move a single pixel.
@Suite struct OutputDigestTests {
    /// The digest of every pixel `OutputDigest` draws, recorded with the code before the division-free
    /// stroker and cell walk (commit f316e24). A change here means the output changed: find out why
    /// (and only re-record when the old pixels were wrong).
    @Test func outputIsUnchanged() throws {
        print("outputIsUnchanged seed \(OutputDigest.seed)")
        let result = try OutputDigest.compute()
        #expect(result.pixels == 1_982_130)
        #expect(result.digest == 0x2C9E_15E4_73DA_0C6B, "digest \(String(result.digest, radix: 16))")
    }
}
