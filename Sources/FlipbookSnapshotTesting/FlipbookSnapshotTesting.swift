// Snapshot tests of layers, views and view controllers, and of their animations, with
// swift-snapshot-testing on Linux: `import FlipbookSnapshotTesting` brings its
// `assertSnapshot` and Flipbook's strategies.
@_exported import SnapshotTesting
