/// Everything an fbdev display holds from the kernel, released in reverse order of acquisition when it goes
/// away: the RAM back buffer, the memory map, the pan offset and the screen configuration we changed, then
/// the descriptor.
/// Setup fills it step by step, so a failure halfway releases exactly what was acquired.
@usableFromInline  // its deinit must be visible where the Embedded player destroys an FBDevDisplay
struct FBDevResources<Kernel: FBDevKernel>: ~Copyable {
    let file: DeviceFile<Kernel>
    /// The mapped framebuffer memory (`smem_len` bytes).
    var mapping: UnsafeMutableRawPointer?
    var mappingLength = 0
    /// The configuration found at open, put back when we changed it (format, virtual size, pan offset).
    var configurationToRestore: FBVariableScreenInfo?
    /// The line the screen is panned to (panning only; setup pans to 0).
    var panOffset: UInt32 = 0
    /// The back buffer in RAM when the driver cannot pan (`shadowLength` bytes).
    var shadow: UnsafeMutableRawPointer?
    var shadowLength = 0

    init(file: consuming DeviceFile<Kernel>) {
        self.file = file
    }

    var kernel: Kernel { file.kernel }
    var fd: Int32 { file.fd }

    deinit {
        shadow?.deallocate()
        if let mapping {
            _ = kernel.unmapMemory(mapping, length: mappingLength)
        }
        if panOffset != 0 {
            // Back to the first screen, where setup put it, so the console (or the next program) finds the
            // screen where it expects it.
            _ = kernel.panDisplay(fd, xOffset: 0, yOffset: 0)
        }
        if let configurationToRestore {
            var ignored = FBVariableScreenInfo()
            // Best effort: a driver that refuses its own earlier configuration leaves ours in place.
            _ = valueOrErrno { kernel.setVariableScreenInfo(fd, configurationToRestore, result: &ignored) }
        }
    }
}
