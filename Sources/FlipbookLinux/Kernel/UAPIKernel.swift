import CFlipbookShim

/// The kernel through `CFlipbookShim`'s raw uapi calls only (DRM and fbdev): no Glibc, no libdrm. It builds in Embedded
/// Swift, where the shim links against the player's raw-syscall runtime (`tools/embedded/runtime/`), and
/// in full Swift, where the same shim calls glibc. Stateless; copies are free.
///
/// Differences from `LinuxKernel`: DRM enumeration reads the uapi structs itself (`UAPIKernel+DRM.swift`)
/// instead of going through libdrm, and `groupName(ofFile:)` answers nil (reading the group database needs
/// the C library), so a permission error names the caller's fallback group.
public struct UAPIKernel: DRMKernel, FBDevKernel, ShimKernel {
    /// The kernel of the running system.
    public init() {}

    /// Always nil: the group database (`/etc/group`) is not read without a C library.
    public func groupName(ofFile path: String) -> String? { nil }
}
