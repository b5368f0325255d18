/// How many pixels have each exact colour (0xRRGGBB): an open-addressing hash table that
/// grows as colours arrive. Iteration order depends only on the colours added and their
/// order, so palettes built from it are deterministic.
struct ColorHistogram {
    private static let empty = UInt32.max
    private var keys = [UInt32](repeating: empty, count: 1024)
    private var counts = [Int64](repeating: 0, count: 1024)
    /// The number of distinct colours.
    private(set) var count = 0

    /// Counts `count` pixels of colour `key` (0xRRGGBB).
    mutating func add(_ key: UInt32, count n: Int64 = 1) {
        var mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while keys[slot] != key {
            if keys[slot] == Self.empty {
                if count * 2 >= keys.count {
                    grow()
                    mask = keys.count - 1
                    slot = Self.slot(of: key, mask: mask)
                    continue
                }
                keys[slot] = key
                count += 1
                break
            }
            slot = (slot + 1) & mask
        }
        counts[slot] &+= n
    }

    /// Every distinct colour and how many pixels have it.
    var entries: [(color: UInt32, count: Int64)] {
        var entries: [(color: UInt32, count: Int64)] = []
        entries.reserveCapacity(count)
        for slot in keys.indices where keys[slot] != Self.empty { entries.append((keys[slot], counts[slot])) }
        return entries
    }

    private static func slot(of key: UInt32, mask: Int) -> Int { Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask }

    private mutating func grow() {
        let old = entries
        keys = [UInt32](repeating: Self.empty, count: keys.count * 2)
        counts = [Int64](repeating: 0, count: keys.count)
        let mask = keys.count - 1
        for (key, n) in old {
            var slot = Self.slot(of: key, mask: mask)
            while keys[slot] != Self.empty { slot = (slot + 1) & mask }
            keys[slot] = key
            counts[slot] = n
        }
    }
}
