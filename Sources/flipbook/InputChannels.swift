import Flipbook
import FlipbookInput
import FlipbookInteraction
import FlipbookLinux
import FlipbookScenes
import FlipbookSim
import Raster

/// The input of one `flipbook play`: evdev devices (`--input-device PATH|auto`, real displays) or a replayed
/// script (`--input`, simulator), both performing the scene's interactions through an `InteractionDriver`
/// made for each engine the scene is built into.
final class InputChannels {
    let replay: InputReplay?
    /// `--input-device`: a path, or nil for `auto`; absent when no devices are read.
    let devicePath: String??
    let calibration: CalibrationMatrix
    let verbose: Bool
    private(set) var devices: InputDeviceSet?
    private(set) var driver: InteractionDriver?

    init(device: String?, scriptPath: String?, calibration: String?, verbose: Bool) throws {
        devicePath = device.map { $0 == "auto" ? nil : $0 }
        self.verbose = verbose
        do { self.calibration = try calibration.map { text throws(InputError) in try CalibrationMatrix(parsing: text) } ?? .identity } catch {
            throw fail("--calibration: \(error)")
        }
        if let scriptPath {
            let text: [UInt8]
            do { text = try FileSystem.read(scriptPath) } catch { throw fail("cannot read \(scriptPath): \(error.reason)") }
            do { replay = InputReplay(script: try InputScript(json: text)) } catch { throw fail("\(scriptPath): \(error)") }
        } else {
            replay = nil
        }
    }

    /// Makes the interaction driver for a freshly built scene.
    func attach(_ loaded: LoadedScene) throws {
        let driver: InteractionDriver
        do { driver = try InteractionDriver(scene: loaded) } catch { throw fail(error.description) }
        driver.report = { problem in printError("flipbook: interaction refused: \(problem)") }
        self.driver = driver
        replay?.driver = driver
    }

    /// Opens the devices for a display showing the scene at `placement` (nil: a test pattern, no scene to
    /// touch) and registers them, and the watcher of `/dev/input` for `auto`, with the waiter. No device
    /// for `auto` is not an error: one may be plugged in later.
    func register(with waiter: inout PollWaiter<LinuxKernel>, placement: DisplayPlacement?) throws {
        guard let devicePath, let placement else { return }
        let geometry = InputDeviceSet.Geometry(panelWidth: placement.panelWidth, panelHeight: placement.panelHeight,
                                               sceneWidth: placement.sceneWidth, sceneHeight: placement.sceneHeight,
                                               calibration: calibration, rotation: placement.rotation, fit: placement.fit)
        let devices: InputDeviceSet
        do { devices = try InputDeviceSet(path: devicePath, geometry: geometry) } catch { throw fail("--input-device: \(error)") }
        devices.sink = { [unowned self] event in driver?.handle(event) }
        let verbose = verbose
        devices.log = { line in if verbose { printError("flipbook: " + line) } }
        if devices.paths.isEmpty { printError("flipbook: no input device yet; watching /dev/input") }
        for (path, kind) in devices.openDevices { devices.log?("input device \(path): \(kind)") }
        do {
            try devices.register(with: &waiter)
            // A finger held still sends nothing: its long press comes from the waiter (events carry the
            // waiter's CLOCK_MONOTONIC, which the devices are switched to when opened).
            try waiter.addDeadline({ [unowned self] in driver?.nextGestureDeadline },
                                   handler: { [unowned self] now in driver?.passTime(to: now) })
        } catch {
            throw fail("the input devices cannot be watched: \(error)")
        }
        self.devices = devices
    }

    /// When a scene of length `end` stops playing: never while devices may send touches; with a script, a
    /// second after its last event (at least the scene's length).
    func sceneEnd(_ end: Int64?) -> Int64? {
        if devicePath != nil { return nil }
        guard let end, let settled = replay?.settledMicros else { return end }
        return max(end, settled)
    }
}
