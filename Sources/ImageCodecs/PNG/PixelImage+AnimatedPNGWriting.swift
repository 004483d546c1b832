/// Animated PNG output (APNG 1.0, read by browsers, Pillow and most viewers; other PNG readers show the first
/// frame): `make demo`'s previews. The first frame is the file's default image; each later frame stores only the
/// rectangle that differs from the frame before it (dispose none, blend source), and a run of identical frames is
/// one frame shown for the run's time. Every frame's pixels are exact, as in ``PixelImage/pngBytes``.
extension PixelImage {
    /// `frames` (of one size) as an animation that loops forever, showing each for 1/`framesPerSecond` s.
    public static func animatedPNGBytes(frames: [PixelImage], framesPerSecond: Int) throws(AnimatedPNGError) -> [UInt8] {
        guard let first = frames.first else { throw .noFrames }
        guard (1...Int(UInt16.max)).contains(framesPerSecond) else { throw .framesPerSecondOutOfRange(framesPerSecond) }
        for (index, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
            throw .frameSizeDiffers(frame: index, width: frame.width, height: frame.height,
                                    expectedWidth: first.width, expectedHeight: first.height)
        }
        guard first.width > 0, first.height > 0 else { throw .emptyFrames(width: first.width, height: first.height) }
        let changes = AnimatedPNGWriting.changes(in: frames)
        guard changes.count <= Int(UInt32.max / 2), changes.allSatisfy({ $0.frameCount <= Int(UInt16.max) }) else {
            throw .tooManyFrames(frames.count)
        }
        let channels = frames.allSatisfy { $0.isOpaque } ? 3 : 4
        var writer = AnimatedPNGWriting(channels: channels, framesPerSecond: UInt16(framesPerSecond))
        var file = PNGWriting.signature
        PNGWriting.appendChunk(PNGWriting.header(width: first.width, height: first.height, channels: channels),
                               type: PNGWriting.headerType, to: &file)
        var control: [UInt8] = []
        PNGWriting.appendBigEndian(UInt32(changes.count), to: &control)
        PNGWriting.appendBigEndian(0, to: &control)  // loop forever
        PNGWriting.appendChunk(control, type: AnimatedPNGWriting.animationControlType, to: &file)
        for change in changes { writer.append(change, from: frames, to: &file) }
        PNGWriting.appendChunk([], type: PNGWriting.endType, to: &file)
        return file
    }
}

/// Why frames cannot be written as an animated PNG.
public enum AnimatedPNGError: Error, Equatable, Sendable {
    /// No frame was given.
    case noFrames
    /// A frame's size differs from the first frame's.
    case frameSizeDiffers(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// The frames have no pixels (PNG needs at least 1×1).
    case emptyFrames(width: Int, height: Int)
    /// The frame rate is not 1…65,535 (APNG's delay is a 16-bit fraction).
    case framesPerSecondOutOfRange(Int)
    /// More frames (or a longer run of identical frames) than APNG's counters hold.
    case tooManyFrames(Int)
}

/// The chunks of an animation after the header: frame controls, the default image and frame data, numbered in
/// one sequence as APNG §4 requires.
struct AnimatedPNGWriting {
    /// One stored frame: the rectangle of `frames[index]` that differs from the frame before it, shown for
    /// `frameCount` frame times.
    struct Change {
        var index: Int
        var x: Int, y: Int, width: Int, height: Int
        var frameCount: Int
    }

    static let animationControlType: [UInt8] = [0x61, 0x63, 0x54, 0x4C]  // acTL
    static let frameControlType: [UInt8] = [0x66, 0x63, 0x54, 0x4C]  // fcTL
    static let frameDataType: [UInt8] = [0x66, 0x64, 0x41, 0x54]  // fdAT

    let channels: Int
    let framesPerSecond: UInt16
    var sequence: UInt32 = 0

    init(channels: Int, framesPerSecond: UInt16) {
        self.channels = channels
        self.framesPerSecond = framesPerSecond
    }

    /// The first frame whole, then for each frame that differs from the one before it the bounding box of the
    /// differing pixels; identical frames lengthen the stored frame before them.
    static func changes(in frames: [PixelImage]) -> [Change] {
        var changes = [Change(index: 0, x: 0, y: 0, width: frames[0].width, height: frames[0].height, frameCount: 1)]
        for index in frames.indices.dropFirst() {
            guard let box = differingBox(frames[index - 1], frames[index]) else {
                changes[changes.count - 1].frameCount += 1
                continue
            }
            changes.append(Change(index: index, x: box.x, y: box.y, width: box.width, height: box.height, frameCount: 1))
        }
        return changes
    }

    /// The smallest rectangle holding every pixel where `a` and `b` differ, or `nil` when they are equal.
    static func differingBox(_ a: PixelImage, _ b: PixelImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = a.width, minY = a.height, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width {
                let offset = (y * a.width + x) * 4
                if a.rgba[offset..<(offset + 4)] != b.rgba[offset..<(offset + 4)] {
                    minX = min(minX, x); maxX = max(maxX, x)
                    minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// `fcTL` and the frame's pixels: `IDAT` for the first (the default image), `fdAT` after it.
    mutating func append(_ change: Change, from frames: [PixelImage], to file: inout [UInt8]) {
        var control: [UInt8] = []
        PNGWriting.appendBigEndian(nextSequence(), to: &control)
        for value in [change.width, change.height, change.x, change.y] { PNGWriting.appendBigEndian(UInt32(value), to: &control) }
        let delayNumerator = UInt16(change.frameCount)
        control += [UInt8(delayNumerator >> 8), UInt8(truncatingIfNeeded: delayNumerator),
                    UInt8(framesPerSecond >> 8), UInt8(truncatingIfNeeded: framesPerSecond)]
        control += [0, 0]  // dispose none, blend source: the rectangle replaces what is there
        PNGWriting.appendChunk(control, type: Self.frameControlType, to: &file)
        let region = Self.region(of: frames[change.index], change)
        let stream = DeflateEncoder.zlibStream(PNGWriting.filteredRows(of: region, channels: channels))
        if change.index == 0 {
            PNGWriting.appendChunk(stream, type: PNGWriting.dataType, to: &file)
        } else {
            var data: [UInt8] = []
            PNGWriting.appendBigEndian(nextSequence(), to: &data)
            PNGWriting.appendChunk(data + stream, type: Self.frameDataType, to: &file)
        }
    }

    private mutating func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// The change's rectangle of `frame` as a picture of its own.
    static func region(of frame: PixelImage, _ change: Change) -> PixelImage {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(change.width * change.height * 4)
        for y in change.y..<(change.y + change.height) {
            let start = (y * frame.width + change.x) * 4
            rgba += frame.rgba[start..<(start + change.width * 4)]
        }
        return PixelImage(width: change.width, height: change.height, rgba: rgba)!
    }
}
