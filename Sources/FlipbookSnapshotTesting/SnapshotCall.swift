import Flipbook
import Foundation
#if canImport(Testing)
import Testing
#endif
import XCTest

/// Where a snapshot was asked for — the test, its file and line — so that a snapshot that
/// cannot be taken fails at that line, and the files a failing comparison writes are named
/// after the test, beside the one swift-snapshot-testing writes.
struct SnapshotCall: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let testName: String
    let line: UInt
    let column: UInt

    /// Fails the running test (Swift Testing's or XCTest's) with `message` at the call.
    func report(_ message: String) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }

    /// Runs `capture` with `subject` and returns what it made; when it throws, reports why
    /// and returns `placeholder`, which the diffings know to let through unrecorded.
    ///
    /// swift-snapshot-testing takes a snapshot synchronously, inside `assertSnapshot`,
    /// whose strategy was made on the main actor (the factories are `@MainActor`): so this
    /// runs on the main actor, and nothing is sent across.
    func capture<Subject, Format: Sendable>(_ subject: Subject, placeholder: Format,
                                            _ capture: @MainActor (Subject) throws(SnapshotError) -> Format) -> Format {
        nonisolated(unsafe) let subject = subject
        let result = MainActor.assumeIsolated { () -> Result<Format, SnapshotError> in
            do throws(SnapshotError) { return .success(try capture(subject)) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error):
            report(error.description)
            return placeholder
        }
    }

    /// The files a failing comparison of the snapshot `label` writes: in
    /// `$SNAPSHOT_ARTIFACTS/<TestFile>/` (the temporary folder when unset), as
    /// swift-snapshot-testing puts the failing snapshot itself.
    func artifacts(_ label: String) -> SnapshotArtifacts {
        let file = URL(fileURLWithPath: "\(filePath)").deletingPathExtension().lastPathComponent
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        return SnapshotArtifacts(folder: URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(file, isDirectory: true),
                                 name: Self.sanitized(testName) + "." + Self.sanitized(label))
    }

    /// `name` as swift-snapshot-testing puts it in a file name: each run of characters
    /// other than letters, digits and `_` becomes `-`, none at either end.
    static func sanitized(_ name: String) -> String {
        name.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }
}
