import CPeers
import FixedPoint
import Raster

/// cairo drawing text from a FreeType face, as a peer for the text_* workloads: the font's bytes through
/// `FT_New_Memory_Face`, unhinted outlines (`FT_LOAD_NO_HINTING`), hint style none, metrics unhinted, grey
/// antialiasing. cairo keeps rendered glyph masks in its scaled font's cache, as its users get.
final class CairoTextPeer {
    private let fontBytes: UnsafeMutableBufferPointer<UInt8>
    private var library: FT_Library?
    private var face: FT_Face?
    private let fontFace: OpaquePointer?
    private let options: OpaquePointer?
    private let surface: OpaquePointer?
    private let cairo: OpaquePointer?

    struct SetupError: Error { let step: String }

    /// A peer drawing into `storage` (XRGB8888) with the font file `bytes`.
    init(fontBytes bytes: [UInt8], drawingInto storage: borrowing SurfaceStorage) throws {
        fontBytes = .allocate(capacity: bytes.count)
        _ = fontBytes.initialize(from: bytes)
        guard FT_Init_FreeType(&library) == 0,
              FT_New_Memory_Face(library, fontBytes.baseAddress, FT_Long(bytes.count), 0, &face) == 0 else {
            throw SetupError(step: "FreeType could not open the font")
        }
        let noHinting: Int32 = 1 << 1  // FT_LOAD_NO_HINTING
        fontFace = cairo_ft_font_face_create_for_ft_face(face, noHinting)
        options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        let target = storage.surface
        surface = cairo_image_surface_create_for_data(
            target.baseAddress.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24, Int32(target.width),
            Int32(target.height), Int32(target.strideBytes))
        cairo = cairo_create(surface)
        guard cairo_status(cairo) == CAIRO_STATUS_SUCCESS else { throw SetupError(step: "cairo_create failed") }
        cairo_set_font_face(cairo, fontFace)
        cairo_set_font_options(cairo, options)
    }

    /// Frees cairo's and FreeType's objects (the face after cairo's last reference to it).
    func destroy() {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
        cairo_font_options_destroy(options)
        cairo_font_face_destroy(fontFace)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        fontBytes.deallocate()
    }

    /// Fills `box` with the benchmark's background, then draws `glyphs` (frame pixels) at `fontSize` in `ink`.
    func draw(_ glyphs: UnsafeBufferPointer<cairo_glyph_t>, box: (x: Double, y: Double, width: Double, height: Double),
              fontSize: Double, ink: Color) {
        cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
        cairo_set_source_rgb(cairo, 16.0 / 255, 18.0 / 255, 24.0 / 255)
        cairo_fill(cairo)
        cairo_set_font_size(cairo, fontSize)
        cairo_set_source_rgb(cairo, Double(ink.red) / 255, Double(ink.green) / 255, Double(ink.blue) / 255)
        cairo_show_glyphs(cairo, glyphs.baseAddress, Int32(glyphs.count))
        cairo_surface_flush(surface)
    }
}
