import Testing
@testable import Raster

/// The rasterizer's and stroker's output is pinned: speed work must not move a single pixel.
@Suite struct OutputDigestTests {
    /// The digest of every pixel `OutputDigest` draws. Recorded with the code before the division-free
    /// stroker and cell walk (commit f316e24: 1,982,130 pixels, 0x2C9E_15E4_73DA_0C6B); re-recorded in
    /// round 3 of issue 7 for two meant changes: flattening became coarser (10/1024 px deviation of the
    /// straddled polygon instead of a 1/256-px sagitta; smooth joints straddled, caps square to the curve's
    /// tangent, round joins keeping their sector's area — curve pixels moved by a few 1/255,
    /// docs/raster-geometry.md), and ambiguous rows became exact (strips at every crossing instead of a
    /// 16 × 16 sub-cell re-sweep; `CrossingCoverageTests` checks such draws against the exact area):
    /// 1,982,295 pixels, 0x45DB_1936_1652_CE55. Re-recorded when rows where a horizontal segment inside a
    /// pixel row shares pixels with other edges became refined too (rectangles and rounded rectangles at
    /// fractional y crossed by other edges; same pixel count, values of those rows now exact).
    /// Re-recorded in round 4 for the finer geometry that closes the RGB565 bound: a 1/4096-px grid
    /// (was 1/1024), 5/1024-px flattening (was 10/1024), offset vertices straddling the offset curve,
    /// ellipse quarters meeting at one point, pivoted inner joins and edges after a left-out segment
    /// refined (all checked against exact references: `CrossingCoverageTests`, `StrokeTests`,
    /// `FlatteningTests`, the corpora): 1,982,158 pixels. Re-recorded when a chain of edges that leaves a
    /// pixel and comes back marks its row (cells keep their first edge's tag; `chainStaysInside`): the
    /// pixels of those rows are now exact (`CrossingCoverageTests`: no pixel of an unrefined row out of
    /// its bound, where 27 random polygon pixels were, up to 108/255), and a contour's last edge passes
    /// beside its first only when no segment was left out between them; same pixel count.
    /// A change here means the output changed: find out why (and only re-record when the old pixels
    /// were wrong or the change is meant and measured).
    @Test func outputIsUnchanged() throws {
        print("outputIsUnchanged seed \(OutputDigest.seed)")
        let result = try OutputDigest.compute()
        #expect(result.pixels == 1_982_158)
        #expect(result.digest == 0x60A7_78A7_6777_B73F, "digest \(String(result.digest, radix: 16))")
    }
}
