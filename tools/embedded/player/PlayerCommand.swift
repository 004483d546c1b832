import Raster

/// What the command line asks the player to do: `flipbook play`'s options that a device needs, plus a PPM
/// output for checks on the build host.
///
///     flipbook-player SCENE.json [--display auto|drm|fbdev] [--device PATH] [--mode WxH[@Hz]]
///                                [--loop] [--for SECONDS] [--at SECONDS [--hold SECONDS]]
///                                [--rotate 0|90|180|270] [--fit none|contain|cover|stretch] [--verbose]
///     flipbook-player SCENE.json --ppm [--size WxH] (--frames N | --at SECONDS) [--rotate …] [--fit …]
///                                [--verbose]
///
/// SECONDS is a decimal with up to six fraction digits (0 … 86400, as `flipbook play` takes); sizes are
/// 1 … 4096 pixels, N is 1 … 10000. `--ppm` streams binary PPM frames on standard output: N frames at
/// t = k · duration / N, or the one frame at `--at`, on a `--size` panel (default: the scene's canvas
/// turned by `--rotate`, as `flipbook play --display sim` does). `--rotate` and `--fit` place the scene on
/// the panel as `flipbook play`'s do (`DisplayPlacement`).
struct PlayerCommand {
    /// Where frames go.
    enum Output: Equatable {
        /// A display: `auto` (DRM, then fbdev), `drm` or `fbdev`.
        case display(String)
        /// A PPM stream of `frames` frames at t = k · duration / frames.
        case ppmFrames(Int)
        /// One PPM frame at `--at`.
        case ppmStill
    }

    /// The scene file's path as given.
    var scene = ""
    var output = Output.display("auto")
    /// `--device`: the DRM card or framebuffer to open (nil: the backend's usual paths).
    var device: String?
    /// `--mode`: `WxH[@Hz]` for DRM.
    var mode: String?
    var loop = false
    /// `--verbose`: a last line with the peak resident set, the setup heap and a frame's size (`memoryReport`).
    var verbose = false
    /// `--for`, `--at`, `--hold` in microseconds.
    var limitMicros: Int64?
    var stillMicros: Int64?
    var holdMicros: Int64?
    /// `--size` for `--ppm` (nil: the scene's canvas, turned by `rotation`).
    var size: (width: Int, height: Int)?
    /// `--rotate`: the scene turned clockwise on the panel.
    var rotation = DisplayRotation.none
    /// `--fit`: the scene scaled into the (turned) panel.
    var fit = DisplayFit.none

    /// The usage text printed after a command-line error.
    static var usage: StaticString {
        """
        usage: flipbook-player SCENE.json [--display auto|drm|fbdev] [--device PATH] [--mode WxH[@Hz]]
                                          [--loop] [--for SECONDS] [--at SECONDS [--hold SECONDS]]
                                          [--rotate 0|90|180|270] [--fit none|contain|cover|stretch] [--verbose]
               flipbook-player SCENE.json --ppm [--size WxH] (--frames N | --at SECONDS) [--rotate …] [--fit …]
                                          [--verbose]

        """
    }

    /// Parses `argv[1..<argc]`; throws the reason (one line, `flipbook play`'s wording where it has one).
    static func parse(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) throws(UsageError) -> PlayerCommand {
        var command = PlayerCommand()
        var display: String?, frames: Int?, ppm = false, scene: String?
        var seen: [String] = []
        var index = 1
        while index < Int(argc), let argument = argv[index] {
            let name = text(argument)
            index += 1
            guard name.utf8.first == UInt8(ascii: "-") else {
                guard scene == nil else { throw UsageError("unexpected argument '\(name)'") }
                scene = name
                continue
            }
            guard !seen.contains(name) else { throw UsageError("\(name) is given twice") }
            seen.append(name)
            switch name {
            case "--loop": command.loop = true; continue
            case "--verbose": command.verbose = true; continue
            case "--ppm": ppm = true; continue
            default: break
            }
            guard index < Int(argc), let valuePointer = argv[index] else { throw UsageError("missing value for '\(name)'") }
            let value = text(valuePointer)
            index += 1
            switch name {
            case "--display":
                guard ["auto", "drm", "fbdev"].contains(value) else {
                    throw UsageError("--display must be auto, drm or fbdev (found \"\(value)\")")
                }
                display = value
            case "--device": command.device = value
            case "--mode": command.mode = value
            case "--for": command.limitMicros = try seconds(value, option: name)
            case "--at": command.stillMicros = try seconds(value, option: name)
            case "--hold": command.holdMicros = try seconds(value, option: name)
            case "--size":
                guard let pixels = parseSize(value) else {
                    throw UsageError("--size must be WxH with each side 1…4096 pixels (found \"\(value)\")")
                }
                command.size = pixels
            case "--rotate":
                guard let degrees = decimal(Substring(value), limit: 270),
                      let rotation = try? DisplayRotation(degrees: degrees) else {
                    throw UsageError("--rotate must be 0, 90, 180 or 270 (found \(value))")
                }
                command.rotation = rotation
            case "--fit":
                guard let fit = fits.first(where: { $0.name == value })?.fit else {
                    throw UsageError("--fit must be none, contain, cover or stretch (found \"\(value)\")")
                }
                command.fit = fit
            case "--frames":
                guard let count = decimal(Substring(value), limit: 10_000), count >= 1 else {
                    throw UsageError("--frames must be a count from 1 to 10000 (found \"\(value)\")")
                }
                frames = count
            default: throw UsageError("unknown option '\(name)'")
            }
        }
        guard let scene else { throw UsageError("give a scene file") }
        command.scene = scene
        if command.holdMicros != nil && command.stillMicros == nil { throw UsageError("--hold applies to --at") }
        if ppm {
            guard display == nil, command.device == nil, command.mode == nil, !command.loop, command.limitMicros == nil,
                  command.holdMicros == nil else {
                throw UsageError("--ppm takes only --size, --rotate, --fit, --verbose and one of --frames or --at")
            }
            switch (frames, command.stillMicros) {
            case (let frames?, nil): command.output = .ppmFrames(frames)
            case (nil, _?): command.output = .ppmStill
            default: throw UsageError("--ppm needs one of --frames N or --at SECONDS")
            }
        } else {
            guard frames == nil, command.size == nil else { throw UsageError("--frames and --size apply to --ppm") }
            command.output = .display(display ?? "auto")
        }
        return command
    }

    /// The `--fit` names.
    static let fits: [(name: String, fit: DisplayFit)] = [("none", .none), ("contain", .contain), ("cover", .cover),
                                                          ("stretch", .stretch)]

    /// `WxH` with both in 1 … 4096, or nil.
    static func parseSize(_ value: String) -> (Int, Int)? {
        let parts = value.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = decimal(parts[0], limit: 4096), let height = decimal(parts[1], limit: 4096),
              width >= 1, height >= 1 else { return nil }
        return (width, height)
    }

    /// Seconds as `S` or `S.F` (up to six fraction digits, at most 86400 s) in microseconds.
    static func seconds(_ value: String, option: String) throws(UsageError) -> Int64 {
        let problem = UsageError("\(option) must be a time from 0 to 86400 seconds (found \(value))")
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = decimal(parts[0], limit: 86_400) else { throw problem }
        var micros = Int64(whole) * 1_000_000
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.utf8.count <= 6, let digits = decimal(fraction, limit: 999_999) else { throw problem }
            var scale: Int64 = 1
            for _ in fraction.utf8.count..<6 { scale *= 10 }
            micros += Int64(digits) * scale
        }
        guard micros <= 86_400_000_000 else { throw problem }
        return micros
    }

    /// The decimal number `digits` (one or more ASCII digits) if it is at most `limit`, or nil.
    static func decimal(_ digits: Substring, limit: Int) -> Int? {
        guard !digits.utf8.isEmpty else { return nil }
        var value = 0
        for byte in digits.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            guard value <= limit else { return nil }
        }
        return value
    }

    /// The text of a NUL-terminated argument.
    static func text(_ argument: UnsafeMutablePointer<UInt8>) -> String {
        var length = 0
        while argument[length] != 0 { length += 1 }
        return String(decoding: UnsafeBufferPointer(start: argument, count: length), as: UTF8.self)
    }
}

/// A command line the player does not accept: the reason, printed before the usage (exit status 64).
struct UsageError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
