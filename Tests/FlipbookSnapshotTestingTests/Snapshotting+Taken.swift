import FlipbookSnapshotTesting

extension Snapshotting {
    /// What the strategy takes of `value` (swift-snapshot-testing runs it synchronously).
    func taken(of value: Value) -> Format? {
        var taken: Format?
        snapshot(value).run { taken = $0 }
        return taken
    }
}
