import Raster

/// `--verbose`'s last line: what the player kept resident, beside what it cannot do without.
///
///     flipbook-player: peak resident set 9876 KB (VmHWM), setup heap 1234 KB in use of 2345 KB cut,
///         one frame 3072 KB (1024x768)
///
/// The peak is the kernel's high-water mark of the process's resident pages (`VmHWM` of /proc/self/status: the
/// binary, the stack, the setup heap's touched pages and the display's mapped buffers); under qemu-user it is the
/// emulator's own and counts the emulator too. The setup heap (runtime/setup-heap.c) has blocks in use (allocated,
/// not freed) and a cut end (the arena it has touched: in use, freed for reuse, or abandoned by a `--loop` pass);
/// a frame is one buffer of the display (or of `--ppm`'s surface).
func memoryReport(frame: Surface) -> String {
    let peak = peakResidentKilobytes().map { "\($0) KB (VmHWM)" } ?? "unknown (no VmHWM in /proc/self/status)"
    let frameKilobytes = frame.strideBytes * frame.height / 1024
    return "flipbook-player: peak resident set \(peak), setup heap \(sys_heapInUse() / 1024) KB in use of "
        + "\(sys_heapMark() / 1024) KB cut, "
        + "one frame \(frameKilobytes) KB (\(frame.width)x\(frame.height))"
}

/// The `VmHWM:` field of /proc/self/status in kilobytes, or nil where there is none (no procfs).
func peakResidentKilobytes() -> Int? {
    let descriptor = "/proc/self/status".withCString { sys_openReadOnly($0) }
    guard descriptor >= 0 else { return nil }
    defer { _ = sys_close(descriptor) }
    // The file is a few KB; the field sits in its first half on every kernel since 2.6.
    var bytes = [UInt8](repeating: 0, count: 4096)
    var count = 0
    while count < bytes.count {
        let read = bytes.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.map { sys_read(descriptor, $0 + count, buffer.count - count) } ?? 0
        }
        if read == -4 { continue }  // EINTR
        guard read > 0 else { break }
        count += read
    }
    return statusField("VmHWM:", in: bytes[..<count])
}

/// The number after `name` at the start of a line of `status` (`VmHWM:\t   1234 kB`), or nil.
func statusField(_ name: StaticString, in status: ArraySlice<UInt8>) -> Int? {
    let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    var lineStart = status.startIndex
    while lineStart < status.endIndex {
        let lineEnd = status[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? status.endIndex
        if status[lineStart..<lineEnd].starts(with: key) {
            var value: Int?
            for byte in status[(lineStart + key.count)..<lineEnd] {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    value = (value ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                } else if value != nil || (byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")) {
                    break
                }
            }
            return value
        }
        lineStart = lineEnd + 1
    }
    return nil
}
