/// Finds the palette entry nearest a colour (squared RGB distance; the lowest index among
/// equals). The entries are kept sorted along the channel in which they spread most, and
/// the search walks outwards from the colour's place in that order, stopping each way once
/// that channel alone is farther than the best entry found.
struct NearestColorSearch {
    private let axis: Int
    /// The entries in the order of `axis`, with their palette indices.
    private let sorted: [(color: SIMD3<Int32>, index: Int)]

    init(_ colors: [SIMD3<Int32>]) {
        var low = SIMD3<Int32>(repeating: .max), high = SIMD3<Int32>(repeating: .min)
        for colour in colors {
            low = pointwiseMin(low, colour)
            high = pointwiseMax(high, colour)
        }
        let spread = high &- low
        axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        sorted = colors.enumerated().map { ($0.element, $0.offset) }.sorted { [axis] a, b in
            a.color[axis] != b.color[axis] ? a.color[axis] < b.color[axis] : a.index < b.index
        }
    }

    /// The palette index of the entry nearest `colour`.
    func nearest(to colour: SIMD3<Int32>) -> Int {
        let key = colour[axis]
        // The first entry not below the colour along the axis.
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].color[axis] < key { low = middle + 1 } else { high = middle }
        }
        var best = (index: Int.max, distance: Int32.max)
        var up = low, down = low - 1
        while up < sorted.count || down >= 0 {
            if up < sorted.count {
                let gap = sorted[up].color[axis] - key
                if gap * gap > best.distance { up = sorted.count } else { consider(sorted[up], colour, &best); up += 1 }
            }
            if down >= 0 {
                let gap = key - sorted[down].color[axis]
                if gap * gap > best.distance { down = -1 } else { consider(sorted[down], colour, &best); down -= 1 }
            }
        }
        return best.index
    }

    private func consider(_ entry: (color: SIMD3<Int32>, index: Int), _ colour: SIMD3<Int32>,
                          _ best: inout (index: Int, distance: Int32)) {
        let d = entry.color &- colour
        let distance = (d &* d).wrappedSum()
        if distance < best.distance || (distance == best.distance && entry.index < best.index) {
            best = (entry.index, distance)
        }
    }
}
