import FixedPoint

/// A fixed set of offscreen buffers allocated at setup, for opacity groups, masks and clips: each frame a
/// layer takes one sized to its damage-clipped bounds, draws into it, composites it and gives it back.
/// A full pool is a typed error (`.poolFull`), never a new allocation.
public struct OffscreenPool: ~Copyable {
    /// Buffers in the pool.
    public let capacity: Int
    /// Largest width a buffer serves, in pixels.
    public let maximumWidth: Int
    /// Largest height a buffer serves, in pixels.
    public let maximumHeight: Int
    /// The layout of every buffer (premultiplied ARGB8888 for groups, A8 for masks).
    public let layout: PixelLayout
    let strideBytes: Int
    let memory: UnsafeMutableRawPointer
    let inUse: UnsafeMutablePointer<Bool>

    /// Allocates `capacity` buffers of `maximumWidth × maximumHeight` pixels of `layout`.
    public init(capacity: Int, maximumWidth: Int, maximumHeight: Int,
                layout: PixelLayout = .argb8888Premultiplied) throws(RasterError) {
        guard capacity > 0 else { throw .poolFull(capacity: capacity) }
        guard maximumWidth > 0, maximumHeight > 0, maximumWidth <= Surface.maximumDimension,
              maximumHeight <= Surface.maximumDimension else {
            throw .invalidSize(width: maximumWidth, height: maximumHeight)
        }
        self.capacity = capacity
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        self.layout = layout
        strideBytes = (maximumWidth * layout.bytesPerPixel + 15) & ~15
        memory = .allocate(byteCount: strideBytes * maximumHeight * capacity, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: strideBytes * maximumHeight * capacity)
        inUse = .allocate(capacity: capacity)
        inUse.initialize(repeating: false, count: capacity)
    }

    deinit {
        memory.deallocate()
        inUse.deallocate()
    }

    /// Takes a free buffer for the destination pixels `bounds`, cleared to transparent. Its surface is
    /// `bounds.width × bounds.height`; its pixel (0, 0) stands for destination pixel (`bounds.x`, `bounds.y`).
    /// Throws `.invalidSize` for empty bounds, `.poolBufferTooSmall` when they exceed the buffers and
    /// `.poolFull` when every buffer is taken.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public mutating func acquire(bounds: IntRect) throws(RasterError) -> OffscreenSlot {
        guard !bounds.isEmpty else { throw .invalidSize(width: bounds.width, height: bounds.height) }
        guard bounds.width <= maximumWidth, bounds.height <= maximumHeight else {
            throw .poolBufferTooSmall(requestedWidth: bounds.width, requestedHeight: bounds.height,
                                      availableWidth: maximumWidth, availableHeight: maximumHeight)
        }
        var index = 0
        while index < capacity && inUse[index] { index &+= 1 }
        guard index < capacity else { throw .poolFull(capacity: capacity) }
        let base = memory + index &* strideBytes &* maximumHeight
        let surface = try Surface(baseAddress: base, width: bounds.width, height: bounds.height,
                                  strideBytes: strideBytes, layout: layout)
        surface.replace(surface.bounds, with: .clear)
        inUse[index] = true
        return OffscreenSlot(index: index, surface: surface, originX: bounds.x, originY: bounds.y)
    }

    /// Gives a buffer back. Throws `.invalidPoolSlot` for a slot that is not currently taken.
    #if !DEBUG
    @_noAllocation
    #endif
    public mutating func release(_ slot: OffscreenSlot) throws(RasterError) {
        guard slot.index >= 0, slot.index < capacity, inUse[slot.index] else { throw .invalidPoolSlot(slot.index) }
        inUse[slot.index] = false
    }

    /// Buffers currently taken.
    public var inUseCount: Int {
        var count = 0
        for index in 0..<capacity where inUse[index] { count += 1 }
        return count
    }
}

/// A buffer taken from an `OffscreenPool`: its surface and where it sits in destination pixels.
public struct OffscreenSlot: Sendable {
    /// Which buffer of the pool.
    public let index: Int
    /// The buffer's pixels (its size is the bounds it was acquired for).
    public let surface: Surface
    /// Destination column of the surface's pixel (0, 0).
    public let originX: Int
    /// Destination row of the surface's pixel (0, 0).
    public let originY: Int

    /// The destination rectangle the buffer covers.
    public var destinationBounds: IntRect {
        IntRect(x: originX, y: originY, width: surface.width, height: surface.height)
    }
}
