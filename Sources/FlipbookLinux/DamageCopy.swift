import Raster

/// `rect ∩ bounds` as edges, or nil when they do not overlap. (Written out here rather than with
/// `IntRect.intersection`, whose `.empty` result is a global the frame-path checker cannot see into.)
@inlinable
func overlap(_ rect: IntRect, _ bounds: IntRect) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    let minX = max(rect.x, bounds.x), maxX = min(rect.x &+ rect.width, bounds.x &+ bounds.width)
    let minY = max(rect.y, bounds.y), maxY = min(rect.y &+ rect.height, bounds.y &+ bounds.height)
    return minX < maxX && minY < maxY ? (minX, minY, maxX, maxY) : nil
}

/// The rectangle at `index` of `damage`. `DamageList`'s subscript answers `.empty` (a global constant,
/// statically initialised) out of range; the frame-path checker cannot see that across the module boundary.
@inlinable
func damageRect(_ damage: __shared DamageList, _ index: Int) -> IntRect {
    let rect: IntRect = _unsafePerformance { damage[index] }
    return rect
}

/// Copies the pixels of every rectangle of `damage` from one view of display memory to another of the same
/// size and layout (a back buffer to the screen, or the frame just shown into the buffer drawn next). Each
/// rectangle is clipped to both surfaces; nothing outside them is touched.
@inlinable
func copyPixels(_ damage: borrowing DamageList, from source: Surface, to destination: Surface) {
    let bounds = IntRect(x: 0, y: 0, width: min(source.width, destination.width),
                         height: min(source.height, destination.height))
    let bytesPerPixel = source.layout.bytesPerPixel
    for index in 0..<damage.count {
        guard let area = overlap(damageRect(damage, index), bounds) else { continue }
        let rowBytes = (area.maxX &- area.minX) &* bytesPerPixel
        let columnOffset = area.minX &* bytesPerPixel
        for y in area.minY..<area.maxY {
            (destination.rowAddress(y) + columnOffset).copyMemory(from: source.rowAddress(y) + columnOffset,
                                                                   byteCount: rowBytes)
        }
    }
}

/// Whether no rectangle of `damage` has a pixel inside `bounds` (then presenting shows nothing new).
@inlinable
func isEmpty(_ damage: borrowing DamageList, within bounds: IntRect) -> Bool {
    for index in 0..<damage.count where overlap(damageRect(damage, index), bounds) != nil { return false }
    return true
}
