/// What `flipbook info` reports: every display device found, what it offers, and why one cannot be used.
public struct DisplayInventory<Kernel: FBDevKernel & DRMKernel> {
    let kernel: Kernel

    /// An inventory taken through `kernel`.
    public init(kernel: Kernel) { self.kernel = kernel }

    /// One device and what was learnt about it, as lines of text (first line: path and verdict).
    public struct Entry: Sendable {
        /// The device path.
        public var path: String
        /// Why the device cannot be used, or nil when it can.
        public var problem: DisplayError?
        /// Details: driver, connectors and modes, formats.
        public var details: [String]
    }

    /// Every DRM card and framebuffer among `drmPaths` and `fbdevPaths` that exists.
    public func survey(drmPaths: [String] = DRMDisplay<Kernel>.Options().paths,
                       fbdevPaths: [String] = (0..<4).map { "/dev/fb\($0)" }) -> [Entry] {
        drmPaths.filter { kernel.fileExists($0) == 0 }.map(drmEntry)
            + fbdevPaths.filter { kernel.fileExists($0) == 0 }.map(fbdevEntry)
    }

    func drmEntry(_ path: String) -> Entry {
        var entry = Entry(path: path, problem: nil, details: [])
        do throws(DisplayError) {
            let owner = DRMResources(file: try DeviceFile(kernel: kernel, firstOf: [path], fallbackGroup: "video"),
                                     clipCapacity: 1)
            if case .success(let driver) = kernel.driver(owner.fd) {
                entry.details.append("driver \(driver.name) (\(driver.description))")
            }
            let connectors = (try? DRMDisplay<Kernel>.connectors(owner)) ?? []
            for connector in connectors {
                let modes = connector.modes.map { $0.summary + ($0.isPreferred ? "*" : "") }
                entry.details.append("connector \(connector.name): \(connector.connection)"
                                     + (modes.isEmpty ? "" : ", modes \(modes.joined(separator: " "))"))
            }
            if case .success(let formats) = kernel.primaryPlaneFormats(owner.fd, crtcIndex: 0), !formats.isEmpty {
                entry.details.append("formats \(formats.map(DRMFourCC.name).joined(separator: " "))")
            }
            try DRMDisplay<Kernel>.checkCard(owner, path: path)
        } catch {
            entry.problem = error
        }
        return entry
    }

    func fbdevEntry(_ path: String) -> Entry {
        var entry = Entry(path: path, problem: nil, details: [])
        do throws(DisplayError) {
            let file = try DeviceFile(kernel: kernel, firstOf: [path], fallbackGroup: "video")
            var info = FBVariableScreenInfo(), fixed = FBFixedScreenInfo()
            if case .failure(let error) = valueOrErrno({ kernel.variableScreenInfo(file.fd, into: &info) }) {
                throw DisplayError.syscall(.getVariableScreenInfo, error)
            }
            if case .failure(let error) = valueOrErrno({ kernel.fixedScreenInfo(file.fd, into: &fixed) }) {
                throw DisplayError.syscall(.getFixedScreenInfo, error)
            }
            let name = withUnsafeBytes(of: fixed.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            entry.details.append("driver \(name)")
            entry.details.append("mode \(info.xres)x\(info.yres) (virtual \(info.xres_virtual)x\(info.yres_virtual)), "
                                 + "\(FBDevFormat.describe(info)), stride \(fixed.line_length), memory \(fixed.smem_length) bytes, "
                                 + (fixed.ypanstep > 0 ? "pans" : "no panning"))
            _ = try FBDevFormat.layout(of: info, visual: fixed.visual, path: path)
        } catch {
            entry.problem = error
        }
        return entry
    }
}
