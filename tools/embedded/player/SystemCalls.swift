// The player's own contact with the operating system: write(2) and the setup heap's seal, both from
// tools/embedded/runtime (raw system calls, no libc). The DRM display reaches the kernel through
// FlipbookLinux's UAPIKernel, whose C shim links against the runtime's system calls (runtime/syscalls.c).

/// write(2): the byte count written, or −errno.
@_extern(c, "write")
func sys_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

/// Ends setup: any allocation after this call terminates the process with status 70.
@_extern(c, "fb_heap_seal")
func sys_sealHeap()

/// Ends the frame phase: teardown and error reporting may allocate again.
@_extern(c, "fb_heap_unseal")
func sys_unsealHeap()

/// Writes all of `count` bytes to `descriptor`, retrying short writes; false on an error.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
    var offset = 0
    while offset < count {
        let written = sys_write(descriptor, bytes + offset, count - offset)
        if written == -4 { continue }  // EINTR
        guard written > 0 else { return false }
        offset += written
    }
    return true
}

/// Writes a message to standard error (best effort).
func report(_ message: StaticString) {
    _ = writeAll(2, message.utf8Start, message.utf8CodeUnitCount)
}

/// Writes `text` and a newline to standard error (best effort; allocates, so not inside a frame).
func reportLine(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        if let base = bytes.baseAddress { _ = writeAll(2, base, bytes.count) }
    }
}
