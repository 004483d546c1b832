import Raster

// The frame entry point of the Embedded player's display (`DRMDisplay` on `UAPIKernel`), checked by the
// compiler like those of `FrameEntryPoints.swift` (which are full Swift only): in optimised builds — the
// Embedded player's, which is always -Osize — it carries `@_noAllocation`; a debug build does not specialise
// the generic `present`, so the checker would reject it for that reason alone.

#if DEBUG
extension DRMDisplay where Kernel == UAPIKernel {
    /// `present(damage:)` on the raw-ioctl kernel (checked not to allocate in optimised builds).
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}
#else
extension DRMDisplay where Kernel == UAPIKernel {
    /// `present(damage:)` on the raw-ioctl kernel: proven not to allocate.
    @_noAllocation
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}
#endif
