/// A `--mode` argument: `WxH` or `WxH@Hz`.
public struct DRMModeRequest: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in lines.
    public var height: Int
    /// Refresh rate in Hz, or nil for any.
    public var refreshHz: Int?

    /// Parses `WxH` or `WxH@Hz` (positive integers); throws `.invalidModeSpecifier` naming the text.
    public init(parsing text: String) throws(DisplayError) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count <= 2, size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              width > 0, height > 0 else { throw .invalidModeSpecifier(text) }
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = Int(parts[1]), hz > 0 else { throw .invalidModeSpecifier(text) }
            refresh = hz
        }
        self.width = width
        self.height = height
        refreshHz = refresh
    }

    /// Whether `mode` has this size and (when given) this refresh rate, rounded to whole Hz.
    public func matches(_ mode: DRMModeInfo) -> Bool {
        guard Int(mode.hDisplay) == width, Int(mode.vDisplay) == height else { return false }
        guard let refreshHz else { return true }
        return Int(mode.vRefresh) == refreshHz || (mode.refreshMillihertz + 500) / 1000 == Int64(refreshHz)
    }

    /// The text form, e.g. `1024x768@60`.
    public var text: String { "\(width)x\(height)" + (refreshHz.map { "@\($0)" } ?? "") }
}
