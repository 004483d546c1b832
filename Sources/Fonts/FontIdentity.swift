/// Which font a `Font` reads: the address of its bytes and the offset of its table directory. Copies of one
/// `Font` (which share their bytes) have equal identities; two fonts opened from separate arrays do not, even with
/// equal contents. An identity stays unique only while a `Font` holding those bytes is alive (a cache keyed by it
/// keeps a copy of the font so that its bytes cannot be freed and their address reused).
public struct FontIdentity: Equatable, Sendable {
    /// The address of the first byte of the font file (0 for no bytes).
    public let storage: UInt
    /// Where the font's table directory starts in the file (non-zero for fonts of a `.ttc` but the first).
    public let directory: Int

    @inlinable
    public static func == (lhs: FontIdentity, rhs: FontIdentity) -> Bool {
        lhs.storage == rhs.storage && lhs.directory == rhs.directory
    }
}
