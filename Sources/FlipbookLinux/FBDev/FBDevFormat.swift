import Raster

/// Reading an fbdev pixel format (`fb_var_screeninfo` bitfields) as a `PixelLayout`.
enum FBDevFormat {
    /// `FB_VISUAL_TRUECOLOR`.
    static let trueColor: UInt32 = 2
    /// `FB_VISUAL_DIRECTCOLOR`.
    static let directColor: UInt32 = 4

    /// The layout of a true-colour framebuffer. The transparency field is ignored: scan-out never shows
    /// alpha, and frames are opaque. Throws `.unsupportedFormat` (with a description of the format) for
    /// palette modes, non-standard pixels and bitfields the renderer cannot draw.
    static func layout(of info: FBVariableScreenInfo, visual: UInt32, path: String) throws(DisplayError) -> PixelLayout {
        guard visual == trueColor || visual == directColor, info.nonstd == 0 else {
            throw .unsupportedFormat(path: path, format: "\(describe(info)), visual \(visual) (only true colour is drawn)")
        }
        do {
            return try PixelLayout(
                bitsPerPixel: Int(info.bits_per_pixel),
                red: ChannelField(offset: Int(info.red_offset), length: Int(info.red_length)),
                green: ChannelField(offset: Int(info.green_offset), length: Int(info.green_length)),
                blue: ChannelField(offset: Int(info.blue_offset), length: Int(info.blue_length)))
        } catch {
            throw .unsupportedFormat(path: path, format: describe(info))
        }
    }

    /// The bitfields as text, e.g. `32 bpp R16:8 G8:8 B0:8`.
    static func describe(_ info: FBVariableScreenInfo) -> String {
        "\(info.bits_per_pixel) bpp R\(info.red_offset):\(info.red_length) G\(info.green_offset):\(info.green_length) "
            + "B\(info.blue_offset):\(info.blue_length)"
            + (info.transp_length > 0 ? " A\(info.transp_offset):\(info.transp_length)" : "")
    }

    /// `info` asking for `layout` instead of its current format (for `FBIOPUT_VSCREENINFO`).
    static func request(_ layout: PixelLayout, from info: FBVariableScreenInfo) -> FBVariableScreenInfo {
        var request = info
        request.bits_per_pixel = UInt32(layout.bitsPerPixel)
        request.red_offset = UInt32(layout.red.offset)
        request.red_length = UInt32(layout.red.length)
        request.green_offset = UInt32(layout.green.offset)
        request.green_length = UInt32(layout.green.length)
        request.blue_offset = UInt32(layout.blue.offset)
        request.blue_length = UInt32(layout.blue.length)
        request.transp_offset = 0
        request.transp_length = 0
        return request
    }

    /// The frame interval from the mode's timings (pixel clock in picoseconds × total pixels per frame),
    /// or 16_667 µs when the driver reports no pixel clock.
    static func frameIntervalMicros(_ info: FBVariableScreenInfo) -> Int64 {
        let columns = Int64(info.xres) + Int64(info.left_margin) + Int64(info.right_margin) + Int64(info.hsync_len)
        let lines = Int64(info.yres) + Int64(info.upper_margin) + Int64(info.lower_margin) + Int64(info.vsync_len)
        let picoseconds = Int64(info.pixclock) * columns * lines
        return picoseconds > 0 ? (picoseconds + 500_000) / 1_000_000 : 16_667
    }
}
