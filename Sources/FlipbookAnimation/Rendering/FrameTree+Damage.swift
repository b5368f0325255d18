import Foundation

extension FrameTree {
    /// The device pixels where this frame may differ from `last`: empty when the two draw
    /// the same, nil when the difference is not bounded (the whole frame may differ).
    ///
    /// The two trees are walked side by side, bracket by bracket. Steps outside brackets
    /// must draw the same (`Operation.drawsSame`); two brackets that differ within are
    /// compared step by step in turn, and where their steps do not match — a paint or a
    /// map changed, a sublayer came or went — the two brackets' reaches bound the change.
    /// Below a shadow a change is not compared further: the shadow of the whole carries
    /// it past the reach of the part that changed. More than `limit` places count as
    /// their union.
    func damage(since last: FrameTree, limit: Int = 8) -> [CGRect]? {
        var found: [CGRect] = []
        // The steps are read in place: a copy of each would retain what it holds.
        let same = operations.withUnsafeBufferPointer { steps in
            last.operations.withUnsafeBufferPointer { lastSteps in
                Self.compare(steps, steps.indices, with: lastSteps, lastSteps.indices, into: &found)
            }
        }
        guard same else { return nil }
        return found.count > limit ? [found.reduce(CGRect.null) { $0.union($1) }] : found
    }

    /// Compares one level of brackets, `steps[range]` with `lastSteps[lastRange]`, adding
    /// where they differ to `found`; false when the levels differ in a way only an
    /// enclosing bracket's reach bounds.
    private static func compare(_ steps: UnsafeBufferPointer<Operation>, _ range: Range<Int>, with lastSteps: UnsafeBufferPointer<Operation>,
                                _ lastRange: Range<Int>, into found: inout [CGRect]) -> Bool {
        var index = range.lowerBound, lastIndex = lastRange.lowerBound
        var shadowed = false
        while index < range.upperBound, lastIndex < lastRange.upperBound {
            if case let .save(reach, restore) = steps[index], case let .save(lastReach, lastRestore) = lastSteps[lastIndex] {
                guard restore >= 0, lastRestore >= 0 else { return false }
                let start = found.count
                if !compare(steps, index + 1..<restore, with: lastSteps, lastIndex + 1..<lastRestore, into: &found) {
                    guard let reach, let lastReach, case let both = reach.union(lastReach), both.isFinite else { return false }
                    found.removeSubrange(start...)
                    found.append(both)
                }
                if shadowed, found.count > start { return false }
                (index, lastIndex) = (restore + 1, lastRestore + 1)
                continue
            }
            guard steps[index].drawsSame(as: lastSteps[lastIndex]) else { return false }
            if case .shadow = steps[index] { shadowed = true }
            (index, lastIndex) = (index + 1, lastIndex + 1)
        }
        return index == range.upperBound && lastIndex == lastRange.upperBound
    }

    /// Draws the frame over `context`'s pixels within `areas` (device space) only, the
    /// context holding a frame that draws the same elsewhere (its `damage(since:)`): the
    /// areas, made whole pixels apart, are cleared (but for what the frame paints opaquely
    /// anyway) and drawn, each in bands limited to it, so that every pixel comes out as
    /// drawing the whole frame makes it.
    func draw(in context: CGContext, within areas: [CGRect]) {
        var parts: [CGRect] = []
        for area in areas.map({ $0.integral }) where !area.isEmpty {
            // Overlapping parts are joined: a pixel drawn twice would be composited twice.
            var part = area
            while let overlap = parts.firstIndex(where: { $0.intersects(part) }) {
                part = part.union(parts.remove(at: overlap))
            }
            parts.append(part)
        }
        clearUncovered(parts, in: context)
        for part in parts { context.drawInBands(limitedTo: part) { rasterize(in: $0) } }
    }
}
