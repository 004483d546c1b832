import CMallocCounter
import FlipbookLinux
import FlipbookSim
import Glibc
import Raster

/// present_* workloads (issue 5, "Speed"): what one `present(damage:)` costs in each backend's own logic,
/// with no kernel underneath. The fbdev and DRM displays run over `MemoryKernel`, whose framebuffer and dumb
/// buffers are plain memory and whose ioctls answer at once (its clock is virtual, so pacing never sleeps):
/// what is timed is the buffer work (the RAM back buffer's damage copied to the mapped screen, the damage
/// copied between the two screens after a pan or a flip) plus the bookkeeping around the calls.
/// At 800×480 and 1920×1080, XRGB8888 and RGB565; full frame (one rectangle covering it) and damage only
/// (two 200×200 rectangles, e.g. a layer's old and new place).
func runPresentWorkloads(_ harness: BenchHarness) {
    guard harness.selectsAny(of: "present_") else { return }
    for (width, height) in [(800, 480), (1920, 1080)] {
        for (format, layout) in [("xrgb8888", PixelLayout.xrgb8888), ("rgb565", .rgb565)] {
            let frame = PresentFrame(width: width, height: height, layout: layout, format: format)
            do throws(PresentSetupError) {
                try runPresentBackends(harness, frame)
            } catch {
                print("# present_* \(frame.size) \(format): setup failed: \(error.message)")
            }
        }
    }
}

/// A setup failure of one backend over the memory kernel.
struct PresentSetupError: Error {
    let message: String
}

/// The frame geometry of one present workload row.
struct PresentFrame {
    let width: Int, height: Int
    let layout: PixelLayout
    let format: String
    var size: String { "\(width)x\(height)" }
    var bytes: Int { width * height * layout.bytesPerPixel }
    var full: DamageList { DamageList(IntRect(x: 0, y: 0, width: width, height: height)) }
    /// Two 200×200 rectangles, apart.
    var partial: DamageList {
        var damage = DamageList(IntRect(x: width / 8, y: height / 8, width: 200, height: 200))
        damage.add(IntRect(x: width / 2, y: height / 3, width: 200, height: 200))
        return damage
    }
}

private func runPresentBackends(_ harness: BenchHarness, _ frame: PresentFrame) throws(PresentSetupError) {
    do {
        var simulator = try SimulatorDisplay(width: frame.width, height: frame.height, layout: frame.layout,
                                             clock: VirtualClock(framesPerSecond: 60))
        measurePresents(harness, &simulator, backend: "sim", frame)
    } catch {
        throw PresentSetupError(message: "simulator: \(error)")
    }
    for pans in [false, true] {
        let kernel = MemoryKernel(framebufferWidth: frame.width, height: frame.height, layout: frame.layout, pans: pans)
        var display: FBDevDisplay<MemoryKernel>
        do throws(DisplayError) {
            display = try FBDevDisplay(kernel: kernel)
        } catch {
            throw PresentSetupError(message: "fbdev: \(error.message)")
        }
        guard display.presentation == (pans ? .panning : .shadowCopy) else {
            throw PresentSetupError(message: "fbdev chose \(display.presentation), expected panning=\(pans)")
        }
        measurePresents(harness, &display, backend: pans ? "fbdev_pan" : "fbdev_shadow", frame)
    }
    for flips in [true, false] {
        let kernel = MemoryKernel(cardWidth: frame.width, height: frame.height, flips: flips)
        var options = DRMDisplay<MemoryKernel>.Options()
        options.paths = ["/dev/dri/card0"]
        options.format = frame.layout
        do throws(DisplayError) {
            var display = try DRMDisplay(kernel: kernel, options: options)
            measurePresents(harness, &display, backend: flips ? "drm_flip" : "drm_dirtyfb", frame)
        } catch {
            throw PresentSetupError(message: "drm: \(error.message)")
        }
    }
    measureFrameCopy(harness, frame)
}

/// Times `present` of a full frame and of the two-rectangle damage on `display`, after checking over 120
/// presents that it allocates nothing.
private func measurePresents<D: Display & ~Copyable>(_ harness: BenchHarness, _ display: inout D, backend: String,
                                                     _ frame: PresentFrame) {
    for (kind, damage) in [("full", frame.full), ("damage", frame.partial)] {
        let workload = "present_\(backend)_\(kind)"
        guard harness.selects(workload) else { continue }
        func present() {
            do { _ = try display.present(damage: damage) } catch { fatalError("\(workload): present failed: \(error)") }
        }
        for _ in 0..<8 { present() }  // the first presents settle vsync and pacing decisions
        let before = cmc_allocation_count()
        for _ in 0..<120 { present() }
        let mallocs = Int(cmc_allocation_count() - before) / 120
        let counts = harness.cycles(samples: 61, warmup: 5) { present() }
        harness.report(workload: workload, size: frame.size, format: frame.format, impl: "flipbook", counts: counts,
                       frameBytes: frame.bytes, mallocsPerFrame: mallocs)
    }
}

/// A `memcpy` of one frame between two buffers: the floor of any full-frame present that copies.
private func measureFrameCopy(_ harness: BenchHarness, _ frame: PresentFrame) {
    guard harness.selects("present_memcpy") else { return }
    let source = UnsafeMutableRawPointer.allocate(byteCount: frame.bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: frame.bytes, alignment: 64)
    defer { source.deallocate(); destination.deallocate() }
    memset(source, 0x5A, frame.bytes)
    let counts = harness.cycles(samples: 61, warmup: 5) { memcpy(destination, source, frame.bytes) }
    harness.report(workload: "present_memcpy_full", size: frame.size, format: frame.format, impl: "memcpy",
                   counts: counts, frameBytes: frame.bytes)
}

/// A kernel whose devices are memory: one fbdev framebuffer (`/dev/fb0`) or one DRM card (`/dev/dri/card0`,
/// one connected connector offering the frame's size at 60 Hz, two dumb buffers). Every call answers at
/// once; the clock is virtual (a sleep moves it), and each flip event comes one 60 Hz frame after the
/// previous one with a rising vblank sequence, so neither display ever waits for real time.
final class MemoryKernel: FBDevKernel, DRMKernel {
    private let devicePath: String
    private var variable = FBVariableScreenInfo()
    private var fixed = FBFixedScreenInfo()
    private let mode: DRMModeInfo?
    private let flips: Bool
    private var mappings: [(address: UnsafeMutableRawPointer, length: Int)] = []
    private var dumbSizes: [UInt64] = []
    private var nowMicros: Int64 = 1_000_000
    private var flipSequence: UInt32 = 0
    private var flipPending = false

    /// A framebuffer of `width × height` in `layout`; when `pans`, a virtual height of two screens (as a
    /// driver that allocated them) and `ypanstep` 1.
    init(framebufferWidth width: Int, height: Int, layout: PixelLayout, pans: Bool) {
        devicePath = "/dev/fb0"
        mode = nil
        flips = false
        variable.xres = UInt32(width); variable.yres = UInt32(height)
        variable.xres_virtual = UInt32(width); variable.yres_virtual = UInt32(height) * (pans ? 2 : 1)
        variable.bits_per_pixel = UInt32(layout.bitsPerPixel)
        variable.red_offset = UInt32(layout.red.offset); variable.red_length = UInt32(layout.red.length)
        variable.green_offset = UInt32(layout.green.offset); variable.green_length = UInt32(layout.green.length)
        variable.blue_offset = UInt32(layout.blue.offset); variable.blue_length = UInt32(layout.blue.length)
        fixed.line_length = UInt32(width * layout.bytesPerPixel)
        fixed.smem_length = UInt64(fixed.line_length) * UInt64(height) * (pans ? 2 : 1)
        fixed.visual = 2  // FB_VISUAL_TRUECOLOR
        fixed.ypanstep = pans ? 1 : 0
    }

    /// A card whose only mode is `width × height` at 60 Hz; `flips` false makes it refuse page flips (EINVAL)
    /// and accept DIRTYFB, like a driver without flips.
    init(cardWidth width: Int, height: Int, flips: Bool) {
        devicePath = "/dev/dri/card0"
        self.flips = flips
        let hTotal = width + 160, vTotal = height + 45
        mode = DRMModeInfo(clockKHz: UInt32(hTotal * vTotal * 60 / 1000), hDisplay: UInt16(width),
                           hSyncStart: UInt16(width + 48), hSyncEnd: UInt16(width + 80), hTotal: UInt16(hTotal),
                           vDisplay: UInt16(height), vSyncStart: UInt16(height + 3), vSyncEnd: UInt16(height + 8),
                           vTotal: UInt16(vTotal), vRefresh: 60, type: 0x48, name: "\(width)x\(height)")
    }

    deinit {
        for mapping in mappings { mapping.address.deallocate() }
    }

    // MARK: SystemKernel

    func openFile(_ path: String, nonblocking: Bool) -> Int32 { path == devicePath ? 3 : -2 }
    func closeFile(_ fd: Int32) -> Int32 { 0 }
    func syncFile(_ fd: Int32) -> Int32 { -22 }  // not a deferred-I/O framebuffer
    func fileExists(_ path: String) -> Int32 { path == devicePath ? 0 : -2 }
    func groupName(ofFile path: String) -> String? { "video" }

    func mapMemory(_ fd: Int32, length: Int, offset: UInt64, address: inout UnsafeMutableRawPointer?) -> Int32 {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 64)
        memset(memory, 0, length)
        mappings.append((memory, length))
        address = memory
        return 0
    }

    func unmapMemory(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        guard let index = mappings.firstIndex(where: { $0.address == address && $0.length == length }) else { return -22 }
        mappings.remove(at: index)
        address.deallocate()
        return 0
    }

    func monotonicMicros() -> Int64 { nowMicros }

    func sleep(untilMicros micros: Int64) -> Int32 {
        nowMicros = max(nowMicros, micros)
        return 0
    }

    func pollReadable(_ fd: Int32, timeoutMillis: Int32) -> Int32 { flipPending ? 1 : 0 }
    func consoleMode(_ fd: Int32) -> Int32 { -25 }
    func setConsoleMode(_ fd: Int32, graphics: Bool) -> Int32 { -25 }
    func installSignalHandlers(ttyFD: Int32) -> Int32 { 0 }
    func uninstallSignalHandlers() -> Int32 { 0 }
    func stopSignal() -> Int32 { 0 }

    // MARK: FBDevKernel

    func variableScreenInfo(_ fd: Int32, into info: inout FBVariableScreenInfo) -> Int32 {
        info = variable
        return 0
    }

    func setVariableScreenInfo(_ fd: Int32, _ info: FBVariableScreenInfo, result: inout FBVariableScreenInfo) -> Int32 {
        -22  // keeps its format and size
    }

    func fixedScreenInfo(_ fd: Int32, into info: inout FBFixedScreenInfo) -> Int32 {
        info = fixed
        return 0
    }

    func panDisplay(_ fd: Int32, xOffset: UInt32, yOffset: UInt32) -> Int32 {
        guard fixed.ypanstep > 0, yOffset + variable.yres <= variable.yres * 2 else { return -22 }
        variable.yoffset = yOffset
        return 0
    }

    func waitForVSync(_ fd: Int32, timeoutMicros: Int64) -> Int32 { -25 }  // no vsync: paced by the clock

    // MARK: DRMKernel

    func driver(_ fd: Int32) -> Result<DRMDriver, Errno> { .success(DRMDriver(name: "memory", description: "bench")) }
    func becomeMaster(_ fd: Int32) -> Int32 { 0 }
    func dropMaster(_ fd: Int32) -> Int32 { 0 }

    func capability(_ fd: Int32, _ capability: UInt64, value: inout UInt64) -> Int32 {
        value = 1
        return 0
    }

    func resources(_ fd: Int32) -> Result<DRMCardResources, Errno> {
        .success(DRMCardResources(crtcIDs: [31], connectorIDs: [33], encoderIDs: [32]))
    }

    func connector(_ fd: Int32, id: UInt32) -> Result<DRMConnector, Errno> {
        .success(DRMConnector(id: 33, type: 15, typeIndex: 1, connection: .connected, currentEncoderID: 32,
                              encoderIDs: [32], modes: mode.map { [$0] } ?? []))
    }

    func encoder(_ fd: Int32, id: UInt32) -> Result<DRMEncoder, Errno> {
        .success(DRMEncoder(id: 32, currentCRTCID: 31, possibleCRTCs: 1))
    }

    func crtc(_ fd: Int32, id: UInt32) -> Result<DRMCRTC, Errno> {
        .success(DRMCRTC(id: 31, framebufferID: 0, x: 0, y: 0, mode: nil))
    }

    func primaryPlaneFormats(_ fd: Int32, crtcIndex: Int) -> Result<[UInt32], Errno> { .success([]) }

    func setCRTC(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, connectorIDs: [UInt32],
                 mode: DRMModeInfo?) -> Int32 { 0 }

    func createDumbBuffer(_ fd: Int32, width: UInt32, height: UInt32, bitsPerPixel: UInt32,
                          handle: inout UInt32, pitch: inout UInt32, size: inout UInt64) -> Int32 {
        pitch = (width * bitsPerPixel / 8 + 63) & ~63  // 64-byte aligned rows, as many drivers give
        size = UInt64(pitch) * UInt64(height)
        dumbSizes.append(size)
        handle = UInt32(dumbSizes.count)
        return 0
    }

    func mapDumbBuffer(_ fd: Int32, handle: UInt32, offset: inout UInt64) -> Int32 {
        offset = UInt64(handle) << 32
        return 0
    }

    func destroyDumbBuffer(_ fd: Int32, handle: UInt32) -> Int32 { 0 }

    func addFramebuffer(_ fd: Int32, width: UInt32, height: UInt32, fourcc: UInt32, handle: UInt32, pitch: UInt32,
                        framebufferID: inout UInt32) -> Int32 {
        framebufferID = 40 + handle
        return 0
    }

    func removeFramebuffer(_ fd: Int32, framebufferID: UInt32) -> Int32 { 0 }

    func pageFlip(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, userData: UInt64) -> Int32 {
        guard flips else { return -22 }
        flipPending = true
        return 0
    }

    func dirtyFramebuffer(_ fd: Int32, framebufferID: UInt32, clips: UnsafePointer<UInt16>, count: Int) -> Int32 { 0 }

    func readFlipEvent(_ fd: Int32, timeMicros: inout Int64, sequence: inout UInt32, userData: inout UInt64) -> Int32 {
        guard flipPending else { return 0 }
        flipPending = false
        nowMicros += 16_667
        flipSequence &+= 1
        timeMicros = nowMicros
        sequence = flipSequence
        return 1
    }
}
