// The player's own contact with the operating system: write(2), read-only file access and the setup heap,
// all from tools/embedded/runtime (raw system calls, no libc). The displays reach the kernel through
// FlipbookLinux's UAPIKernel, whose C shim links against the runtime's system calls (runtime/syscalls.c).

/// write(2): the byte count written, or −errno.
@_extern(c, "write")
func sys_write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

/// open(2) read-only: the descriptor, or −errno.
@_extern(c, "fb_file_open_readonly")
func sys_openReadOnly(_ path: UnsafePointer<CChar>) -> Int32

/// read(2): the byte count read (0 at the end), or −errno.
@_extern(c, "fb_file_read")
func sys_read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int

/// close(2): 0, or −1.
@_extern(c, "close")
func sys_close(_ descriptor: Int32) -> Int32

/// Ends setup: any allocation after this call terminates the process with status 70.
@_extern(c, "fb_heap_seal")
func sys_sealHeap()

/// Ends the frame phase: teardown and error reporting may allocate again.
@_extern(c, "fb_heap_unseal")
func sys_unsealHeap()

/// The setup heap's cut end (the arena beyond it is untouched), to return to with `sys_releaseHeap`.
@_extern(c, "fb_heap_bytes_used")
func sys_heapMark() -> Int

/// The setup heap's bytes in blocks allocated and not freed (headers included).
@_extern(c, "fb_heap_bytes_in_use")
func sys_heapInUse() -> Int

/// Gives back everything allocated since `mark`, freed or not (a `--loop` pass's engine, which is abandoned
/// rather than destroyed): only when nothing allocated since then is still in use.
@_extern(c, "fb_heap_release")
func sys_releaseHeap(to mark: Int)

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
