import Foundation
import Testing

/// The README's "Snapshot-testing animations" shows `CardFlipTests.swift` as it is: the
/// example it shows is the test that runs.
@Suite struct ReadmeSnapshotSectionTests {
    @Test func theReadmeShowsTheTestFileAsItIs() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readme = try String(contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        let test = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("CardFlipTests.swift"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Snapshot-testing animations").dropFirst().first)
        #expect(section.contains("```swift\n" + test + "```"))
        #expect(section.contains(#".product(name: "FlipbookSnapshotTesting", package: "Flipbook")"#))
    }
}
