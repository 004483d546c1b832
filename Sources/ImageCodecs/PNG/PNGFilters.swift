/// Undoing PNG's five row filters (PNG §9.2–9.4) in place: None, Sub, Up, Average and Paeth.
enum PNGFilters {
    /// Unfilters `row` (`count` bytes after its filter type byte `type`) against `previous`, the unfiltered row
    /// above (zeros for a pass's first row); `stride` is the filter's byte distance to the previous pixel.
    /// Returns `false` for a filter type other than 0…4.
    static func unfilter(type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int) -> Bool {
        switch type {
        case 0: break
        case 1:
            for index in stride..<max(count, stride) { row[index] &+= row[index - stride] }
        case 2:
            for index in 0..<count { row[index] &+= previous[index] }
        case 3:
            for index in 0..<min(stride, count) { row[index] &+= previous[index] >> 1 }
            for index in stride..<max(count, stride) {
                row[index] &+= UInt8(truncatingIfNeeded: (Int(row[index - stride]) + Int(previous[index])) >> 1)
            }
        case 4:
            for index in 0..<min(stride, count) { row[index] &+= previous[index] }
            for index in stride..<max(count, stride) {
                row[index] &+= paeth(left: row[index - stride], above: previous[index], aboveLeft: previous[index - stride])
            }
        default: return false
        }
        return true
    }

    /// The Paeth predictor: whichever of left, above and above-left is nearest to left + above − above-left,
    /// ties going in that order.
    @inline(__always)
    static func paeth(left: UInt8, above: UInt8, aboveLeft: UInt8) -> UInt8 {
        let a = Int(left), b = Int(above), c = Int(aboveLeft)
        let distanceLeft = abs(b - c), distanceAbove = abs(a - c), distanceAboveLeft = abs(a + b - 2 * c)
        if distanceLeft <= distanceAbove && distanceLeft <= distanceAboveLeft { return left }
        return distanceAbove <= distanceAboveLeft ? above : aboveLeft
    }
}
