/// One canvas row of image points for `Surface.drawWarpedImageRow`, allocated once at setup.
struct WarpRow: ~Copyable {
    let capacity: Int
    let xs: UnsafeMutablePointer<Int64>
    let ys: UnsafeMutablePointer<Int64>

    /// Room for `width` points.
    init(width: Int) {
        capacity = width
        xs = .allocate(capacity: width)
        ys = .allocate(capacity: width)
    }

    deinit {
        xs.deallocate()
        ys.deallocate()
    }
}
