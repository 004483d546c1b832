// The player's only contact with the operating system: write(2) and the setup heap's seal, both from
// tools/embedded/runtime (raw system calls, no libc).

/// write(2): the byte count written, or −errno.
@_extern(c, "write")
func sys_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

/// Ends setup: any allocation after this call terminates the process with status 70.
@_extern(c, "fb_heap_seal")
func sys_sealHeap()

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
