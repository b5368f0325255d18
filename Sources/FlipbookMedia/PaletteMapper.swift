/// Maps colours to the index of a palette entry: colours in the palette to their own
/// entry, others to the nearest entry (squared RGB distance), found once per cell of a
/// 6-bit-per-channel grid for the cell's centre and cached.
struct PaletteMapper {
    let colors: [SIMD3<Int32>]
    private var exactKeys = [UInt32](repeating: .max, count: 1024)
    private var exactIndices = [UInt8](repeating: 0, count: 1024)
    private var cache: [Int16]

    init(colors: [SIMD3<Int32>]) {
        self.colors = colors
        cache = [Int16](repeating: -1, count: 1 << 18)
        for (index, colour) in colors.enumerated() {
            let key = UInt32(colour.x << 16 | colour.y << 8 | colour.z)
            var slot = Self.slot(of: key)
            while exactKeys[slot] != .max && exactKeys[slot] != key { slot = (slot + 1) & 1023 }
            if exactKeys[slot] == .max {
                exactKeys[slot] = key
                exactIndices[slot] = UInt8(index)
            }
        }
    }

    private static func slot(of key: UInt32) -> Int { Int((key &* 2_654_435_761) >> 22) }

    /// The entry for a colour with channels in 0…255.
    mutating func index(_ r: Int32, _ g: Int32, _ b: Int32) -> Int {
        let key = UInt32(r << 16 | g << 8 | b)
        var slot = Self.slot(of: key)
        while exactKeys[slot] != .max {
            if exactKeys[slot] == key { return Int(exactIndices[slot]) }
            slot = (slot + 1) & 1023
        }
        let cell = Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
        if cache[cell] < 0 { cache[cell] = Int16(nearest(to: SIMD3(r & ~3 | 2, g & ~3 | 2, b & ~3 | 2))) }
        return Int(cache[cell])
    }

    private func nearest(to colour: SIMD3<Int32>) -> Int {
        var best = 0, bestDistance = Int32.max
        for (index, entry) in colors.enumerated() {
            let d = entry &- colour
            let distance = (d &* d).wrappedSum()
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return best
    }
}
