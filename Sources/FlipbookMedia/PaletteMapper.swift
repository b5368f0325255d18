/// Maps colours to the index of their nearest palette entry (squared RGB distance),
/// remembering recent answers in a direct-mapped cache keyed by the exact colour.
struct PaletteMapper {
    let colors: [SIMD3<Int32>]
    private let search: NearestColorSearch
    private static let cacheBits = 15
    /// 0xRRGGBB of the colour each slot answers for; `.max` while empty.
    private var cachedKeys = [UInt32](repeating: .max, count: 1 << cacheBits)
    private var cachedIndices = [UInt8](repeating: 0, count: 1 << cacheBits)

    init(colors: [SIMD3<Int32>]) {
        self.colors = colors
        search = NearestColorSearch(colors)
    }

    /// The entry for a colour with channels in 0…255.
    mutating func index(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let key = ColorQuantizer.key(SIMD3(r, g, b))
        let slot = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.cacheBits))
        if cachedKeys[slot] != key {
            cachedKeys[slot] = key
            cachedIndices[slot] = UInt8(search.nearest(to: SIMD3(r, g, b)))
        }
        return Int(cachedIndices[slot])
    }
}
