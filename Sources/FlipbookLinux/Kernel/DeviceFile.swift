/// An open device node that closes itself (`~Copyable`: exactly one owner, closed exactly once).
@usableFromInline
struct DeviceFile<Kernel: SystemKernel>: ~Copyable {
    let kernel: Kernel
    /// The path it was opened from (for messages).
    let path: String
    /// The file descriptor.
    let fd: Int32

    /// Opens the first of `paths` that exists. A missing path is skipped; a path that exists but may not be
    /// opened ends the search with `.permissionDenied` naming the group that owns it (`fallbackGroup` when
    /// unknown); any other failure is `.syscall(.open, …)`. `EINTR` is retried.
    init(kernel: Kernel, firstOf paths: [String], fallbackGroup: String, nonblocking: Bool = false) throws(DisplayError) {
        for path in paths {
            switch valueOrErrno({ kernel.openFile(path, nonblocking: nonblocking) }) {
            case .success(let fd):
                self.kernel = kernel
                self.path = path
                self.fd = fd
                return
            case .failure(.noSuchFileOrDirectory), .failure(.noSuchDevice), .failure(.noSuchDeviceOrAddress):
                continue  // absent, or a node without a driver behind it: try the next one
            case .failure(.permissionDenied), .failure(.notPermitted):
                throw .permissionDenied(path: path, group: kernel.groupName(ofFile: path) ?? fallbackGroup)
            case .failure(let error):
                throw .syscall(.open, error)
            }
        }
        throw .noDevice(tried: paths)
    }

    deinit {
        // Nothing useful can be done if close fails at teardown; the descriptor is gone either way.
        _ = kernel.closeFile(fd)
    }
}
