/// How much scratch memory a `Rasterizer` reserves at setup. Nothing grows after `init`.
public struct RasterizerCapacity: Sendable {
    /// Line segments one draw may hold after flattening and clipping (a full list is a typed error).
    public var edges: Int
    /// Accumulation cells (one per pixel of a band). A band is as many rows of the clipped shape's width as
    /// fit; the clip may be at most `cells − 1` pixels wide.
    public var cells: Int
    /// Points of the flattened path kept while stroking (the whole path, flattened in path space).
    public var polylinePoints: Int

    /// Capacities chosen by the caller; validated by `Rasterizer.init`.
    @inlinable
    public init(edges: Int, cells: Int, polylinePoints: Int) {
        self.edges = edges
        self.cells = cells
        self.polylinePoints = polylinePoints
    }

    /// Enough for full-HD frames with paths of a few thousand segments: 16,384 edges (384 KB, and
    /// 512 KB for the refinement's row pieces, 16 KB for 1,024 notes of horizontal segments inside pixel
    /// rows), 65,536 cells (2 × 768 KB with the refinement cells, plus
    /// about 2 MB of per-row data and segments), 8,192 polyline points (2 × 448 KB). About 5.5 MB in all.
    public static let standard = RasterizerCapacity(edges: 16_384, cells: 65_536, polylinePoints: 8_192)
}

/// The exact-area anti-aliasing rasterizer and its scratch memory, allocated once at setup.
///
/// Paths are flattened into line segments in 20.12 subpixel coordinates (`SubpixelGrid`), clipped to the clip rectangle
/// (parts left of it are projected onto its left edge, parts right of it dropped: they cannot change a
/// pixel inside), and stored as edges. Each band of rows then accumulates, per pixel cell, the signed
/// `cover` (height crossed, 1/4096 px) and `area` (twice the area between the edge and the cell's left
/// side, 1/4096² px²), the technique of font rasterizers. Sweeping a row left to right and summing covers
/// gives each pixel's exact winding-weighted area; the fill rule maps it to wide coverage (`WideCoverage`,
/// 0…32640), which goes to a `CoverageSink` as runs (equal coverage) and spans (varying coverage). Coverage
/// below `WideCoverage.visible` (half an 8-bit step) is never emitted.
///
/// Every draw reuses the same memory: no allocation after `init`.
public struct Rasterizer: ~Copyable {
    /// Device coordinates must lie within ±this many pixels, 2^18 (beyond it a typed error is thrown): in
    /// 1/4096-px subpixels a coordinate then fits 31 bits and clipping's product of two coordinate
    /// differences fits 64.
    @inlinable public static var coordinateLimit: Int { 1 << 18 }
    /// Clip rectangles must lie within ±this many pixels (2^18: stored edges are 32-bit subpixels).
    @inlinable public static var clipLimit: Int { 1 << 18 }
    /// Fraction bits of the subpixel coordinates `addLine` takes: 12, 4096 subpixels per pixel.
    @inlinable public static var subpixelBits: Int { Int(SubpixelGrid.bits) }

    @usableFromInline let edgeCapacity: Int
    @usableFromInline let cellCapacity: Int
    @usableFromInline let polylineCapacity: Int
    @usableFromInline let edges: UnsafeMutablePointer<Edge>
    @usableFromInline let cells: UnsafeMutablePointer<Cell>
    /// Per band row: first and last touched cell column (relative to `region.x`), or `Int32.max`/`min`.
    @usableFromInline let rowFirstColumn: UnsafeMutablePointer<Int32>
    @usableFromInline let rowLastColumn: UnsafeMutablePointer<Int32>
    /// Per band row, one bit per cell: which cells an edge touched (the sweep jumps from one to the next).
    @usableFromInline let touchedBits: UnsafeMutablePointer<UInt64>
    /// Words of `touchedBits`: cells / 16.
    @usableFromInline let touchedWordCapacity: Int
    /// One bit per refinement sub-cell of the sub-row being refined (cells / 64 + 2 words).
    @usableFromInline let refineTouchedBits: UnsafeMutablePointer<UInt64>
    /// The parts of the edges that cross the row being refined (`RowPiece`, one per edge at most).
    @usableFromInline let rowPieces: UnsafeMutablePointer<RowPiece>
    /// Indices into `rowPieces` of the pieces crossing the strip being refined, left to right.
    @usableFromInline let stripOrder: UnsafeMutablePointer<Int32>
    /// Per band row: whether two edges that do not follow each other share a pixel (then the row is
    /// refined: its winding may vary inside a pixel beyond what the summed area can express).
    @usableFromInline let rowIsComplex: UnsafeMutablePointer<Bool>
    /// Notes of pixels to refine (`RefinementNote`: horizontal segments inside a pixel row, pivots): edges / 16
    /// entries; when full, the last one grows to cover the next (rows marked too often, never missed).
    @usableFromInline let refinementNotes: UnsafeMutablePointer<RefinementNote>
    @usableFromInline let refinementNoteCapacity: Int
    /// Cells of one sub-row of a refined row (16 sub-columns per pixel), its touched-column bounds, the
    /// per-pixel sums of the sub-cells' areas and a difference array for runs of whole pixels.
    @usableFromInline let refineCells: UnsafeMutablePointer<Cell>
    @usableFromInline let refineFirstColumn: UnsafeMutablePointer<Int32>
    @usableFromInline let refineLastColumn: UnsafeMutablePointer<Int32>
    @usableFromInline let refinedArea: UnsafeMutablePointer<Int32>
    @usableFromInline let refinedRunDelta: UnsafeMutablePointer<Int32>
    /// Per-pixel coverage of the current row's spans (relative to `region.x`).
    @usableFromInline let spanCoverage: UnsafeMutablePointer<UInt16>
    /// The current row's runs and spans.
    @usableFromInline let segments: UnsafeMutablePointer<CoverageSegment>
    /// Flattened polyline points for the stroker (Q16.16 raw, path space) and per-point flags.
    @usableFromInline let polyline: UnsafeMutablePointer<PolylinePoint>
    /// The part of one subpath kept by trimming (same capacity as `polyline`).
    @usableFromInline let trimmedPolyline: UnsafeMutablePointer<PolylinePoint>

    @usableFromInline var edgeCount = 0
    @usableFromInline var refinementNoteCount = 0
    /// The tag the first edge of the current contour gets (see `Edge.chainStart`).
    @usableFromInline var chainStartTag: Int32 = 1
    /// Whether a segment of the current contour was left out since the last stored edge (horizontal, or
    /// outside the clip): the next edge then does not continue the previous one (`Edge.chainStart`).
    @usableFromInline var chainBroken = false
    @usableFromInline var clip = IntRect.empty
    /// Bounds of the stored edges in subpixels (min inclusive, max inclusive).
    @usableFromInline var boundsMinX: Int32 = .max
    @usableFromInline var boundsMinY: Int32 = .max
    @usableFromInline var boundsMaxX: Int32 = .min
    @usableFromInline var boundsMaxY: Int32 = .min
    /// Whether a segment since the last `reset` did not lie strictly inside the clip (it took the clipping path).
    @usableFromInline var segmentLeftClip = false
    /// The x extent and rows of horizontal segments (noted, not stored), in subpixels, since the last `reset`.
    @usableFromInline var horizontalMinX: Int64 = .max
    @usableFromInline var horizontalMaxX: Int64 = .min
    @usableFromInline var horizontalMinY: Int64 = .max
    @usableFromInline var horizontalMaxY: Int64 = .min
    @usableFromInline var sweep = SweepState()
    @usableFromInline var pen = OutlinePen()

    /// Reserves the scratch memory.
    ///
    /// - Throws: `GeometryError.invalidCapacity` when a capacity is below 16 or above 2^24.
    public init(capacity: RasterizerCapacity = .standard) throws(GeometryError) {
        try Rasterizer.validate(capacity.edges, .edges)
        try Rasterizer.validate(capacity.cells, .cells)
        try Rasterizer.validate(capacity.polylinePoints, .polylinePoints)
        edgeCapacity = capacity.edges
        cellCapacity = capacity.cells
        polylineCapacity = capacity.polylinePoints
        edges = .allocate(capacity: capacity.edges)
        cells = .allocate(capacity: capacity.cells)
        cells.initialize(repeating: Cell(), count: capacity.cells)
        rowFirstColumn = .allocate(capacity: capacity.cells)
        rowLastColumn = .allocate(capacity: capacity.cells)
        rowIsComplex = .allocate(capacity: capacity.cells)
        refinementNoteCapacity = capacity.edges / 16
        refinementNotes = .allocate(capacity: refinementNoteCapacity)
        touchedWordCapacity = capacity.cells / 16
        touchedBits = .allocate(capacity: touchedWordCapacity)
        touchedBits.initialize(repeating: 0, count: touchedWordCapacity)
        refineTouchedBits = .allocate(capacity: capacity.cells / 64 &+ 2)
        refineTouchedBits.initialize(repeating: 0, count: capacity.cells / 64 &+ 2)
        rowPieces = .allocate(capacity: capacity.edges)
        stripOrder = .allocate(capacity: capacity.edges)
        refineCells = .allocate(capacity: capacity.cells)
        refineCells.initialize(repeating: Cell(), count: capacity.cells)
        refineFirstColumn = .allocate(capacity: 1)
        refineLastColumn = .allocate(capacity: 1)
        refinedArea = .allocate(capacity: capacity.cells &+ 1)
        refinedArea.initialize(repeating: 0, count: capacity.cells &+ 1)
        refinedRunDelta = .allocate(capacity: capacity.cells &+ 1)
        refinedRunDelta.initialize(repeating: 0, count: capacity.cells &+ 1)
        spanCoverage = .allocate(capacity: capacity.cells)
        segments = .allocate(capacity: capacity.cells)
        polyline = .allocate(capacity: capacity.polylinePoints)
        trimmedPolyline = .allocate(capacity: capacity.polylinePoints)
    }

    deinit {
        edges.deallocate()
        cells.deallocate()
        rowFirstColumn.deallocate()
        rowLastColumn.deallocate()
        rowIsComplex.deallocate()
        refinementNotes.deallocate()
        touchedBits.deallocate()
        refineTouchedBits.deallocate()
        rowPieces.deallocate()
        stripOrder.deallocate()
        refineCells.deallocate()
        refineFirstColumn.deallocate()
        refineLastColumn.deallocate()
        refinedArea.deallocate()
        refinedRunDelta.deallocate()
        spanCoverage.deallocate()
        segments.deallocate()
        polyline.deallocate()
        trimmedPolyline.deallocate()
    }

    private static func validate(
        _ value: Int, _ field: GeometryError.CapacityField
    ) throws(GeometryError) {
        guard value >= 16, value <= 1 << 24 else { throw .invalidCapacity(field: field, value: value) }
    }

    /// Empties the edge list and sets the clip rectangle for the next draw.
    ///
    /// - Throws: `.invalidClip` when the rectangle has a negative size or lies beyond ±`clipLimit`;
    ///   `.clipTooWide` when one row of it does not fit the cell scratch.
    @inlinable
    public mutating func reset(clip newClip: IntRect) throws(GeometryError) {
        let limit = Rasterizer.clipLimit
        guard newClip.width >= 0, newClip.height >= 0, newClip.x >= -limit, newClip.y >= -limit,
            newClip.maxX <= limit, newClip.maxY <= limit
        else {
            throw .invalidClip(x: newClip.x, y: newClip.y, width: newClip.width, height: newClip.height)
        }
        guard newClip.width < cellCapacity else {
            throw .clipTooWide(width: newClip.width, cellsPerRow: cellCapacity - 1)
        }
        clip = newClip
        edgeCount = 0
        refinementNoteCount = 0
        chainStartTag = 1
        chainBroken = false
        boundsMinX = .max
        boundsMinY = .max
        boundsMaxX = .min
        boundsMaxY = .min
        segmentLeftClip = false
        horizontalMinX = .max
        horizontalMaxX = .min
        horizontalMinY = .max
        horizontalMaxY = .min
    }

    /// The number of edges stored since the last `reset` (for tests and diagnostics).
    @inlinable
    public var storedEdgeCount: Int { edgeCount }
}

/// One stored line segment in 20.12 subpixels, top to bottom (`y0 < y1`), with its winding direction.
@usableFromInline
struct Edge {
    @usableFromInline var x0: Int32
    @usableFromInline var y0: Int32
    @usableFromInline var x1: Int32
    @usableFromInline var y1: Int32
    /// +1 when the original segment pointed down (increasing y), −1 when it pointed up.
    @usableFromInline var winding: Int32
    /// The tag (index + 1) of the first edge of this edge's contour: the last edge of a closed contour
    /// meets that one, and the two may share a pixel without making its winding ambiguous. Negated when
    /// this edge does not continue the edge stored before it (a horizontal segment, or one outside the
    /// clip, lies between them: the two share no end and may cross).
    @usableFromInline var chainStart: Int32

    @inlinable
    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, winding: Int32, chainStart: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.winding = winding
        self.chainStart = chainStart
    }
}

extension Edge {
    /// Whether this edge's start (in the contour's direction) lies inside the closed pixel square whose
    /// top-left corner is (`left`, `top`) (subpixels).
    @inlinable @inline(__always)
    func starts(insideCellAt left: Int64, top: Int64) -> Bool {
        let x = winding > 0 ? x0 : x1, y = winding > 0 ? y0 : y1
        return UInt64(bitPattern: Int64(x) &- left) <= UInt64(SubpixelGrid.one)
            && UInt64(bitPattern: Int64(y) &- top) <= UInt64(SubpixelGrid.one)
    }

    /// Whether this edge's bounding box overlaps the inside of the pixel square whose top-left corner is
    /// (`left`, `top`) (subpixels): false means the edge cannot touch that cell.
    @inlinable
    func reaches(cellAt left: Int64, top: Int64) -> Bool {
        Int64(y1) > top && Int64(y0) < top &+ SubpixelGrid.one
            && Int64(max(x0, x1)) > left && Int64(min(x0, x1)) < left &+ SubpixelGrid.one
    }
}

/// The accumulator of one pixel: `cover` in 1/4096 px of height, `area` in 1/4096² px² (doubled), and
/// the tag (index + 1) of the first edge that touched it.
@usableFromInline
struct Cell {
    @usableFromInline var cover: Int32
    @usableFromInline var area: Int32
    @usableFromInline var edgeTag: Int32

    @inlinable
    init() {
        cover = 0
        area = 0
        edgeTag = 0
    }
}

/// A run (`coverage` ≥ 0, all pixels equal) or a span (`coverage` = −1, values in `spanCoverage`).
@usableFromInline
struct CoverageSegment {
    /// Column relative to the sweep region's left edge.
    @usableFromInline var column: Int32
    @usableFromInline var count: Int32
    @usableFromInline var coverage: Int32

    @inlinable
    init(column: Int32, count: Int32, coverage: Int32) {
        self.column = column
        self.count = count
        self.coverage = coverage
    }
}
