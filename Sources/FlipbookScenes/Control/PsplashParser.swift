/// psplash's FIFO protocol (`psplash-write`, psplash-systemd, swupdate-progress): `PROGRESS n` (0 … 100),
/// `MSG text`, `QUIT`, each ended by NUL or newline (the caller splits; see ``ControlLineBuffer``). Pure and
/// allocation-free: a message borrows the line's bytes.
public enum PsplashParser {
    /// The command on one psplash line (terminator removed).
    ///
    /// - Throws: `.unknownPsplashCommand`; `.wrongValueType` / `.outOfRange` for a bad `PROGRESS` number.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(ControlError) -> ControlCommand {
        var scanner = ControlScanner(line)
        scanner.skipSpace()
        let start = scanner.index
        while !scanner.atEnd && scanner.current != 0x20 && scanner.current != 0x09 { scanner.index += 1 }
        let word = start ..< scanner.index
        let rest = UnsafeBufferPointer(rebasing: line[min(scanner.index + 1, line.count)...])
        if scanner.raw(word, equals: "QUIT") { return .quit(retain: false) }
        if scanner.raw(word, equals: "MSG") { return .message(ControlText(bytes: rest)) }
        guard scanner.raw(word, equals: "PROGRESS") else { throw .unknownPsplashCommand }
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "-") || ControlScanner.isDigit(scanner.current) else {
            throw .wrongValueType(field: "PROGRESS", expected: "a number 0 … 100")
        }
        let percent: Double
        do { percent = try scanner.number() } catch { throw .wrongValueType(field: "PROGRESS", expected: "a number 0 … 100") }
        scanner.skipSpace()
        guard scanner.atEnd else { throw .wrongValueType(field: "PROGRESS", expected: "a number 0 … 100") }
        guard percent >= 0 && percent <= 100 else { throw .outOfRange(field: "PROGRESS", value: percent) }
        return .progress(percent / 100)
    }
}
