import FlipbookGraphics

extension SeededRandom {
    /// A double uniformly distributed in `lo..<hi`.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}
