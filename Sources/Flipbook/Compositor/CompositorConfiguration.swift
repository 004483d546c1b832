import FixedPoint
import Raster

/// What a `Compositor` is set up for: the canvas, its pixel layout, and the sizes of every scratch pool.
/// All memory is allocated from these numbers when the compositor is created; a frame never grows it.
public struct CompositorConfiguration: Sendable {
    /// Canvas width in pixels (1 … `Surface.maximumDimension`).
    public var width: Int
    /// Canvas height in pixels (1 … `Surface.maximumDimension`).
    public var height: Int
    /// The layout of the surfaces `render` draws into (16, 24 or 32 bits per pixel).
    public var layout: PixelLayout
    /// Layer slots of the engine whose snapshots are drawn (`EngineConfiguration.layerCapacity`).
    public var layerCapacity: Int
    /// Premultiplied canvas-sized buffers for nested opacity groups, masked layers, transitions and 3-D
    /// layers (1 … 16): the deepest nesting of such layers the compositor can draw.
    public var groupDepth: Int
    /// A8 canvas-sized buffers for nested `masksToBounds` clips and mask layers (1 … 16).
    public var coverageDepth: Int
    /// The colour under every layer (the scene's `background`), straight alpha; drawn opaque.
    public var backgroundColor: Color
    /// Bytes of the glyph coverage cache's arena (0 … 64 MiB; 0 turns it off), with one index entry (88 bytes)
    /// per 256 of them: text draws cached glyphs from it, pixel for pixel as it would rasterize them. A 14 px glyph
    /// takes about 300 bytes.
    public var glyphCacheBytes: Int

    /// A configuration for a `width × height` canvas in `layout`, matching an engine of `layerCapacity`
    /// layers, with room for 4 nested groups and 4 nested clips.
    public init(width: Int, height: Int, layout: PixelLayout, layerCapacity: Int = 256,
                groupDepth: Int = 4, coverageDepth: Int = 4, backgroundColor: Color = .black,
                glyphCacheBytes: Int = 1 << 20) {
        self.width = width
        self.height = height
        self.layout = layout
        self.layerCapacity = layerCapacity
        self.groupDepth = groupDepth
        self.coverageDepth = coverageDepth
        self.backgroundColor = backgroundColor
        self.glyphCacheBytes = glyphCacheBytes
    }

    /// Checks every field, naming the first bad one.
    func validated() throws(CompositorError) -> CompositorConfiguration {
        try Self.check("width", width, 1, Surface.maximumDimension)
        try Self.check("height", height, 1, Surface.maximumDimension)
        try Self.check("layerCapacity", layerCapacity, 1, 65_535)
        try Self.check("groupDepth", groupDepth, 1, 16)
        try Self.check("coverageDepth", coverageDepth, 1, 16)
        try Self.check("glyphCacheBytes", glyphCacheBytes, 0, 1 << 26)
        guard [16, 24, 32].contains(layout.bitsPerPixel) else {
            throw .unsupportedLayout(bitsPerPixel: layout.bitsPerPixel)
        }
        return self
    }

    private static func check(_ field: StaticString, _ value: Int, _ minimum: Int, _ maximum: Int)
        throws(CompositorError)
    {
        guard value >= minimum, value <= maximum else {
            throw .invalidConfiguration(field: field, value: value, minimum: minimum, maximum: maximum)
        }
    }
}
