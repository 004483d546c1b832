/// The fraction of each sample an image row loop blends: coverage × opacity, Q24 (2^24 = all of it).
protocol ImageCoverageSource {
    /// The factor for pixel `index` of the segment, 0 ... 2^24.
    func factor(_ index: Int) -> Int64
    /// The coverage with its first `count` pixels skipped.
    func advanced(by count: Int) -> Self
}

/// One factor for the whole segment (between an image's edges: its area there × opacity).
struct UniformImageCoverage: ImageCoverageSource {
    let value: Int64

    init(value: Int64) { self.value = value }

    /// `opacity / 255` as a factor, rounded to nearest (2^24 for 255).
    init(opacity: UInt32) { value = Int64((opacity &<< 24 &+ 127) / 255) }

    @inline(__always) func factor(_ index: Int) -> Int64 { value }
    @inline(__always) func advanced(by count: Int) -> UniformImageCoverage { self }
}

/// The whole sample everywhere (the inside of an opaque-opacity image): a constant the blend folds away.
struct FullImageCoverage: ImageCoverageSource {
    @inline(__always) func factor(_ index: Int) -> Int64 { 1 &<< 24 }
    @inline(__always) func advanced(by count: Int) -> FullImageCoverage { self }
}
