/// Owned pixel memory for offscreen surfaces (groups, masks, images, tests), allocated once at setup and
/// freed when the owner goes away. Rows are padded to 16 bytes; memory starts zeroed (transparent / black).
public struct SurfaceStorage: ~Copyable {
    /// A view of the whole memory with the full clip.
    public let surface: Surface

    /// Allocates `width × height` pixels of `layout`; throws for sizes `Surface` would refuse.
    public init(width: Int, height: Int, layout: PixelLayout) throws(RasterError) {
        guard width > 0, height > 0, width <= Surface.maximumDimension, height <= Surface.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        let stride = (width * layout.bytesPerPixel + 15) & ~15
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        do {
            surface = try Surface(baseAddress: memory, width: width, height: height, strideBytes: stride, layout: layout)
        } catch {
            memory.deallocate()
            throw error
        }
    }

    /// Bytes owned.
    public var byteCount: Int { surface.strideBytes * surface.height }

    deinit {
        surface.baseAddress.deallocate()
    }
}
