/// The sample planes of a frame decoded at a ``JPEGScale``, by libjpeg's rules (jdmaster.c, jdsample.c): a
/// subsampled component gets a larger block size instead of being upsampled as long as its ratio to the largest
/// sampling stays whole (4:2:0 at 1/2 decodes its chroma at 8 samples a block, like the luma's 4, and needs no
/// upsampling), and the triangle ("fancy") upsampling is used only when the smallest block size is above 1.
struct JPEGScaledLayout {
    /// The decoded picture's size.
    let width: Int
    let height: Int
    /// Samples a block side of the most sampled components (the scale's).
    let smallestBlockSize: Int
    /// Per component: samples a block side, and the samples actually in the picture at that size.
    let blockSizes: [Int]
    let sampleWidths: [Int]
    let sampleHeights: [Int]

    init(frame: JPEGFrame, scale: JPEGScale) {
        width = scale.scaled(frame.width)
        height = scale.scaled(frame.height)
        smallestBlockSize = scale.blockSize
        let smallest = scale.blockSize
        let maxH = frame.maximumHorizontalSampling, maxV = frame.maximumVerticalSampling
        var blockSizes: [Int] = [], sampleWidths: [Int] = [], sampleHeights: [Int] = []
        for component in frame.components {
            var size = smallest
            while size < 8, (maxH * smallest) % (component.horizontalSampling * size * 2) == 0,
                  (maxV * smallest) % (component.verticalSampling * size * 2) == 0 {
                size *= 2
            }
            blockSizes.append(size)
            sampleWidths.append((frame.width * component.horizontalSampling * size + maxH * 8 - 1) / (maxH * 8))
            sampleHeights.append((frame.height * component.verticalSampling * size + maxV * 8 - 1) / (maxV * 8))
        }
        self.blockSizes = blockSizes
        self.sampleWidths = sampleWidths
        self.sampleHeights = sampleHeights
    }

    /// Whether upsampling may use the triangle filters.
    var fancyUpsampling: Bool { smallestBlockSize > 1 }

    /// How many output samples one sample of component `index` covers across and down (libjpeg's
    /// `h_out_group / h_in_group`: whole, since a block size only doubles while it stays whole); 1 for a
    /// single-component picture.
    func ratios(of index: Int, in frame: JPEGFrame) -> (horizontal: Int, vertical: Int) {
        guard frame.components.count > 1 else { return (1, 1) }
        let component = frame.components[index], size = blockSizes[index]
        return (frame.maximumHorizontalSampling * smallestBlockSize / (component.horizontalSampling * size),
                frame.maximumVerticalSampling * smallestBlockSize / (component.verticalSampling * size))
    }
}
