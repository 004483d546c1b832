import CFlipbookShim

/// Watches `/dev/input` (inotify) for devices that appear, disappear or become readable, so playback can
/// rescan between frames: a device that is unplugged just stops, one that is plugged in is opened.
public final class InputDirectoryWatcher {
    /// The directory watched.
    public let path: String
    /// The inotify descriptor (non-blocking), for the run loop's poll.
    public let descriptor: Int32
    let buffer: UnsafeMutableRawBufferPointer

    /// Watches `path`.
    ///
    /// - Throws: `InputDeviceError.syscall` naming inotify when the directory cannot be watched.
    public init(path: String = "/dev/input") throws(InputDeviceError) {
        let fd = cfb_input_watch_directory(path)
        guard fd >= 0 else { throw .syscall(path: path, operation: "inotify_add_watch", Errno(rawValue: -fd)) }
        self.path = path
        descriptor = fd
        buffer = .allocate(byteCount: 4096, alignment: 8)
    }

    deinit {
        buffer.deallocate()
        _ = cfb_file_close(descriptor)
    }

    /// Reads every waiting notification; true when the directory changed since the last call. Allocates nothing.
    public func drainChanges() -> Bool {
        var changed = false
        while true {
            let count = cfb_input_read(descriptor, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(buffer.count))
            if count == -Int64(Errno.interrupted.rawValue) { continue }
            if count <= 0 { return changed }
            changed = true
        }
    }
}
