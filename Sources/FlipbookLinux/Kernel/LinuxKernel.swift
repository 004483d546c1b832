import CFlipbookShim
import Glibc

/// The real kernel in full Swift: the shim's calls (`ShimKernel`, fbdev included), libdrm for DRM enumeration and the C
/// library's group database. Stateless; copies are free.
public struct LinuxKernel: FBDevKernel, DRMKernel, ShimKernel, ConsoleSwitchKernel {
    /// The kernel of the running system.
    public init() {}

    /// The name of the group owning `path` (`stat` + `getgrgid`), or nil.
    public func groupName(ofFile path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }

}
