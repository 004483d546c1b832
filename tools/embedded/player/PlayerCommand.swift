/// What the command line asks the player to do.
///
///     flipbook-player [WIDTH HEIGHT FRAMES]              layer basics: FRAMES frames (default 320 240 12)
///     flipbook-player [--demo NAME] [--size WxH] --frames N
///     flipbook-player [--demo NAME] [--size WxH] --at SECONDS
///     flipbook-player [--demo NAME] --drm CARD --at SECONDS [--hold SECONDS] [--mode WxH[@Hz]]
///
/// Frames are taken at t = k · duration / N (the scene's duration) and streamed as PPM on standard output;
/// `--at` draws the one frame at SECONDS (PPM on standard output, or on the DRM/KMS display `--drm`, held until
/// SIGTERM/SIGINT/SIGHUP or for `--hold` seconds). NAME is a demo of the gallery (default `layer-basics`);
/// the size defaults to the scene's own. SECONDS is a decimal with up to six fraction digits (0 … 3600);
/// sizes are 1 … 4096 pixels, N is 1 … 10000.
struct PlayerCommand {
    /// What is drawn where.
    enum Output {
        /// A PPM stream of `frames` frames at t = k · duration / frames.
        case frames(Int)
        /// One PPM frame at `micros`.
        case still(micros: Int64)
        /// The frame at `micros` on the DRM card at `device`, in the mode `mode` (nil: preferred), held for
        /// `holdMicros` (nil: until a termination signal).
        case drm(device: String, micros: Int64, holdMicros: Int64?, mode: String?)
    }

    /// The demo's name in the gallery.
    var demo = "layer-basics"
    /// The canvas size in pixels (nil: the scene's own; for `--drm`, the mode's).
    var size: (width: Int, height: Int)?
    var output: Output

    /// The usage text printed for a bad command line.
    static var usage: StaticString {
        """
        usage: flipbook-player [WIDTH HEIGHT FRAMES]
               flipbook-player [--demo NAME] [--size WxH] --frames N
               flipbook-player [--demo NAME] [--size WxH] --at SECONDS
               flipbook-player [--demo NAME] --drm CARD --at SECONDS [--hold SECONDS] [--mode WxH[@Hz]]

        """
    }

    /// Parses `argv[1..<argc]`; nil when the arguments are not one of the forms above.
    static func parse(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> PlayerCommand? {
        if argc == 1 { return PlayerCommand(output: .frames(12)) }
        guard let first = argv[1], first.pointee != UInt8(ascii: "-") else { return parseOptions(argc, argv) }
        guard argc == 4, let width = count(argv[1], limit: 4096), let height = count(argv[2], limit: 4096),
              let frames = count(argv[3], limit: 10_000) else { return nil }
        return PlayerCommand(size: (width, height), output: .frames(frames))
    }

    /// The `--option value` forms: each option once, every option with a value.
    private static func parseOptions(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    ) -> PlayerCommand? {
        var demo: String?, device: String?, mode: String?, size: (Int, Int)?
        var micros: Int64?, holdMicros: Int64?, frames: Int?
        var index = 1
        while index < Int(argc) {
            guard index + 1 < Int(argc), let name = argv[index], let value = argv[index + 1] else { return nil }
            switch text(name) {
            case "--demo" where demo == nil: demo = text(value)
            case "--drm" where device == nil: device = text(value)
            case "--mode" where mode == nil: mode = text(value)
            case "--at" where micros == nil:
                guard let seconds = parseSeconds(value) else { return nil }
                micros = seconds
            case "--hold" where holdMicros == nil:
                guard let seconds = parseSeconds(value) else { return nil }
                holdMicros = seconds
            case "--size" where size == nil:
                guard let pixels = parseSize(value) else { return nil }
                size = pixels
            case "--frames" where frames == nil:
                guard let count = count(value, limit: 10_000) else { return nil }
                frames = count
            default: return nil
            }
            index += 2
        }
        let output: Output
        switch (frames, micros, device) {
        case (let frames?, nil, nil) where holdMicros == nil && mode == nil: output = .frames(frames)
        case (nil, let micros?, nil) where holdMicros == nil && mode == nil: output = .still(micros: micros)
        case (nil, let micros?, let device?) where size == nil:
            output = .drm(device: device, micros: micros, holdMicros: holdMicros, mode: mode)
        default: return nil
        }
        return PlayerCommand(demo: demo ?? "layer-basics", size: size, output: output)
    }

    /// A decimal argument in 1 … limit, or nil.
    static func count(_ argument: UnsafeMutablePointer<UInt8>?, limit: Int) -> Int? {
        guard let argument, let value = decimal(Substring(text(argument)), limit: limit), value >= 1 else { return nil }
        return value
    }

    /// `WxH` with both in 1 … 4096, or nil.
    static func parseSize(_ argument: UnsafeMutablePointer<UInt8>) -> (Int, Int)? {
        let parts = text(argument).split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = decimal(parts[0], limit: 4096), let height = decimal(parts[1], limit: 4096),
              width >= 1, height >= 1 else { return nil }
        return (width, height)
    }

    /// Seconds as `S` or `S.F` (up to six fraction digits, at most 3600 s) in microseconds, or nil.
    static func parseSeconds(_ argument: UnsafeMutablePointer<UInt8>) -> Int64? {
        let parts = text(argument).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = decimal(parts[0], limit: 3600) else { return nil }
        var micros = Int64(whole) * 1_000_000
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.utf8.count <= 6, let digits = decimal(fraction, limit: 999_999) else { return nil }
            var scale: Int64 = 1
            for _ in fraction.utf8.count..<6 { scale *= 10 }
            micros += Int64(digits) * scale
        }
        return micros <= 3_600_000_000 ? micros : nil
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
