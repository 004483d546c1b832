#if canImport(Glibc)
import Glibc
#endif
import FlipbookInput
import Raster

/// The input devices `flipbook play` reads: one given path, or (`auto`) every usable `/dev/input/event*`,
/// with `/dev/input` watched so devices plugged in while playing are opened and unplugged ones dropped
/// (playback goes on). Each device's records are decoded with a `DisplayMapping` to scene points and the
/// pointer events handed to `sink`. Reading allocates nothing; opening a device (hot-plug) does.
public final class InputDeviceSet {
    /// How device positions map to the scene (the ranges come from each device).
    public struct Geometry {
        public var panelWidth: Int, panelHeight: Int, sceneWidth: Int, sceneHeight: Int
        public var calibration: CalibrationMatrix
        public var rotation: DisplayRotation
        public var fit: DisplayFit

        /// The geometry of a panel showing a scene.
        public init(panelWidth: Int, panelHeight: Int, sceneWidth: Int, sceneHeight: Int,
                    calibration: CalibrationMatrix = .identity, rotation: DisplayRotation = .none, fit: DisplayFit = .none) {
            self.panelWidth = panelWidth; self.panelHeight = panelHeight
            self.sceneWidth = sceneWidth; self.sceneHeight = sceneHeight
            self.calibration = calibration; self.rotation = rotation; self.fit = fit
        }
    }

    /// Descriptor changes for the waiter (devices that come and go).
    public let changes = DescriptorChanges()
    /// Gets every pointer event (scene points; the device's clock).
    public var sink: ((_ event: PointerEvent) -> Void)?
    /// Gets a line for every device opened, refused or gone, and for decoding problems.
    public var log: ((_ line: String) -> Void)?
    let geometry: Geometry
    let directory: String?
    let watcher: InputDirectoryWatcher?
    private(set) var devices: [(device: EvdevDevice, decoder: EvdevDecoder)] = []
    /// Devices opened and lost so far.
    public private(set) var opened = 0, lost = 0

    /// Opens the device at `path`, or with `path` nil every usable device in `directory`, watched for more.
    ///
    /// - Throws: `InputDeviceError` when the given device cannot be opened or used, or `directory` cannot be watched.
    public init(path: String?, directory: String = "/dev/input", geometry: Geometry) throws(InputDeviceError) {
        self.geometry = geometry
        devices.reserveCapacity(16)
        if let path {
            self.directory = nil
            watcher = nil
            try open(path)
        } else {
            self.directory = directory
            watcher = try InputDirectoryWatcher(path: directory)
            rescan()
        }
    }

    /// The open devices' paths.
    public var paths: [String] { devices.map { $0.device.path } }

    /// The open devices' paths and kinds (those opened before `log` was set were not logged).
    public var openDevices: [(path: String, kind: InputDeviceKind)] { devices.map { ($0.device.path, $0.device.kind) } }

    /// Registers the devices and the directory watcher with `waiter`, and the changes queue.
    ///
    /// - Throws: `EventSourceError.full` when the waiter has no room.
    public func register<Kernel: ShimKernel>(with waiter: inout PollWaiter<Kernel>) throws(EventSourceError) {
        waiter.descriptorChanges = changes
        for entry in devices {
            try waiter.addReadable(entry.device.descriptor) { [unowned self] fd in read(fd) }
        }
        if let watcher {
            try waiter.addReadable(watcher.descriptor) { [unowned self] _ in if watcher.drainChanges() { rescan() } }
        }
    }

    /// Reads the device on `fd` (a buffer at a time, handing the events to `sink` between buffers); a device
    /// that is gone is dropped from the poll and closed.
    func read(_ fd: Int32) {
        var index = 0
        while index < devices.count && devices[index].device.descriptor != fd { index += 1 }
        guard index < devices.count else { return }
        let (device, decoder) = devices[index]
        var outcome = InputReadOutcome.gone
        repeat {
            outcome = device.read(into: decoder, limit: EvdevDecoder.queueCapacity)
            while let event = decoder.next() {
                if case .pointer(let pointer) = event { sink?(pointer) }
            }
        } while outcome == .drained(records: EvdevDecoder.queueCapacity)
        if outcome == .gone {
            changes.removeReadable(fd)
            devices.remove(at: index)  // closes the descriptor: the waiter drops it before it polls again
            lost += 1
            log?("input device \(device.path) is gone; playing on")
        }
    }

    /// Opens every `event*` node of the directory not open yet (devices of no use are skipped quietly).
    func rescan() {
        guard let directory, let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("event") else { continue }
            let path = directory + "/" + name
            guard !devices.contains(where: { $0.device.path == path }) else { continue }
            do {
                try open(path)
                changes.addReadable(devices[devices.count - 1].device.descriptor) { [unowned self] fd in read(fd) }
            } catch {
                if case .unsupported = error { continue }
                log?("input device \(path) cannot be used: \(error)")
            }
        }
    }

    private func open(_ path: String) throws(InputDeviceError) {
        let device = try EvdevDevice(path: path)
        var mapping: DisplayMapping?
        let g = geometry
        do {
            if let rangeX = device.rangeX, let rangeY = device.rangeY {
                mapping = try DisplayMapping(rangeX: rangeX, rangeY: rangeY, calibration: g.calibration,
                                             panelWidth: g.panelWidth, panelHeight: g.panelHeight, sceneWidth: g.sceneWidth,
                                             sceneHeight: g.sceneHeight, rotation: g.rotation, fit: g.fit)
            } else if device.kind == .relativePointer {
                mapping = try DisplayMapping(rangeX: AxisRange(minimum: 0, maximum: Int32(g.panelWidth - 1)),
                                             rangeY: AxisRange(minimum: 0, maximum: Int32(g.panelHeight - 1)),
                                             panelWidth: g.panelWidth, panelHeight: g.panelHeight, sceneWidth: g.sceneWidth,
                                             sceneHeight: g.sceneHeight, rotation: g.rotation, fit: g.fit)
            }
        } catch {
            throw .badRanges(path: path, "\(error)")
        }
        add(device, mapping: mapping)
    }

    /// Reads `device` from now on (the waiter learns of it at registration, or through `changes` after it).
    func add(_ device: EvdevDevice, mapping: DisplayMapping?) {
        devices.append((device, EvdevDecoder(kind: device.kind, mapping: mapping)))
        opened += 1
        log?("input device \(device.path): \(device.kind)")
    }
}
