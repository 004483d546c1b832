// The bytes live in a C header (raw, read-only data). Imported implementation-only, and read only inside the
// `@export(interface)` function below, so that modules importing Fonts never need the C module.
@_implementationOnly import CBuiltinFonts

/// Fonts that ship inside the binary: `"sans"` is Flipbook Sans, a DejaVu Sans subset (Builtin/: its licence and
/// the scripts that made it and `CBuiltinFonts/include/builtin_fonts.h`, which holds its bytes).
public enum BuiltinFonts {
    /// The built-in font names.
    public static let names = ["sans"]

    /// The file bytes of the built-in font `name`, or nil for a name that is not built in. Copies the embedded
    /// data (setup-time: it allocates).
    @export(interface)
    public static func bytes(named name: String) -> [UInt8]? {
        guard name == "sans", let start = flipbook_builtin_sans_bytes() else { return nil }
        return Array(UnsafeBufferPointer(start: start, count: flipbook_builtin_sans_count()))
    }
}
