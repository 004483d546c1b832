/// An error number from the kernel, as in swift-system: a `RawRepresentable` struct over `CInt`, an open
/// set with Swift-style names. Shim functions return `-rawValue` on failure.
@frozen
public struct Errno: RawRepresentable, Error, Hashable, Sendable {
    /// The C `errno` value.
    public let rawValue: Int32

    /// An error number from its C value.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Operation not permitted. The corresponding C error is `EPERM`.
    public static let notPermitted = Errno(rawValue: 1)
    /// No such file or directory. The corresponding C error is `ENOENT`.
    public static let noSuchFileOrDirectory = Errno(rawValue: 2)
    /// Interrupted system call. The corresponding C error is `EINTR`.
    public static let interrupted = Errno(rawValue: 4)
    /// Input/output error. The corresponding C error is `EIO`.
    public static let ioError = Errno(rawValue: 5)
    /// No such device or address. The corresponding C error is `ENXIO`.
    public static let noSuchDeviceOrAddress = Errno(rawValue: 6)
    /// Bad file descriptor. The corresponding C error is `EBADF`.
    public static let badFileDescriptor = Errno(rawValue: 9)
    /// Resource temporarily unavailable. The corresponding C error is `EAGAIN`.
    public static let resourceTemporarilyUnavailable = Errno(rawValue: 11)
    /// Cannot allocate memory. The corresponding C error is `ENOMEM`.
    public static let noMemory = Errno(rawValue: 12)
    /// Permission denied. The corresponding C error is `EACCES`.
    public static let permissionDenied = Errno(rawValue: 13)
    /// Device or resource busy. The corresponding C error is `EBUSY`.
    public static let resourceBusy = Errno(rawValue: 16)
    /// No such device. The corresponding C error is `ENODEV`.
    public static let noSuchDevice = Errno(rawValue: 19)
    /// Invalid argument. The corresponding C error is `EINVAL`.
    public static let invalidArgument = Errno(rawValue: 22)
    /// Inappropriate ioctl for device. The corresponding C error is `ENOTTY`.
    public static let notATerminal = Errno(rawValue: 25)
    /// Function not implemented. The corresponding C error is `ENOSYS`.
    public static let notImplemented = Errno(rawValue: 38)
    /// Operation not supported. The corresponding C error is `EOPNOTSUPP`.
    public static let notSupported = Errno(rawValue: 95)
    /// Connection timed out (here: a vsync wait that was not answered). The corresponding C error is `ETIMEDOUT`.
    public static let timedOut = Errno(rawValue: 110)

    /// The C name and a short description, e.g. `EACCES (permission denied)`.
    public var description: String {
        switch rawValue {
        case 1: "EPERM (operation not permitted)"
        case 2: "ENOENT (no such file or directory)"
        case 4: "EINTR (interrupted)"
        case 5: "EIO (input/output error)"
        case 6: "ENXIO (no such device or address)"
        case 9: "EBADF (bad file descriptor)"
        case 11: "EAGAIN (try again)"
        case 12: "ENOMEM (out of memory)"
        case 13: "EACCES (permission denied)"
        case 16: "EBUSY (device busy)"
        case 19: "ENODEV (no such device)"
        case 22: "EINVAL (invalid argument)"
        case 25: "ENOTTY (inappropriate ioctl for device)"
        case 38: "ENOSYS (not implemented)"
        case 95: "EOPNOTSUPP (not supported)"
        case 110: "ETIMEDOUT (timed out)"
        default: "errno \(rawValue)"
        }
    }
}

/// Converts a shim result (a non-negative value, or `-errno`) into a value or an `Errno`, calling `body`
/// again while it fails with `EINTR` when `retryOnInterrupt` is set. The one conversion point for every
/// kernel call, as swift-system's `valueOrErrno(retryOnInterrupt:_:)`.
@inlinable
func valueOrErrno(retryOnInterrupt: Bool = true, _ body: () -> Int32) -> Result<Int32, Errno> {
    while true {
        let result = body()
        if result >= 0 { return .success(result) }
        let error = Errno(rawValue: -result)
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

extension Result {
    /// Whether the call succeeded (for probes whose failure is an answer, not an error).
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
