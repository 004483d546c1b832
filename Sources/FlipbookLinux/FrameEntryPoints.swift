import Raster

// The frame entry points of the production displays, checked by the compiler. `@_noAllocation` needs a
// specialised function, so these wrap the generic `present` for the real kernel. A debug build does not
// specialise the generic call and the checker would reject it for that reason alone, so the annotated
// versions are compiled in optimised builds (`make vm-test`, the release CLI), where the check is real.

#if DEBUG
extension DRMDisplay where Kernel == LinuxKernel {
    /// `present(damage:)` on the real kernel (checked not to allocate in optimised builds).
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}

extension FBDevDisplay where Kernel == LinuxKernel {
    /// `present(damage:)` on the real kernel (checked not to allocate in optimised builds).
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}
#else
extension DRMDisplay where Kernel == LinuxKernel {
    /// `present(damage:)` on the real kernel: proven not to allocate.
    @_noAllocation
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}

extension FBDevDisplay where Kernel == LinuxKernel {
    /// `present(damage:)` on the real kernel: proven not to allocate.
    @_noAllocation
    public mutating func presentFrame(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        try present(damage: damage)
    }
}
#endif
