// Negative control for the frame proof: this program allocates (an Array grows), so linking it against
// the allocator-free runtime must FAIL. check-embedded.sh requires that failure, which shows the proof
// link really detects allocation rather than passing vacuously.
@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutableRawPointer) -> Int32 {
    var values: [Int32] = []
    for value in 0..<argc { values.append(value) }
    return values.reduce(0, &+)
}
