import Flipbook
import Foundation
import SnapshotTesting

/// Asserts that each frame `frames` names matches its reference image, as
/// swift-snapshot-testing's `assertSnapshot(of:as:)` does for one: a missing reference is
/// recorded (and the test fails), `record` and `SNAPSHOT_TESTING_RECORD` re-record, and a
/// mismatch writes the frame, its reference and a difference image to
/// `$SNAPSHOT_ARTIFACTS`. The frames' times count from when the assertion starts.
///
/// ```swift
/// assertSnapshot(of: card, as: .frames(at: [0, 0.25, 0.5]))
/// ```
@MainActor
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as frames: SnapshotFrames<Value>,
    record: SnapshotTestingConfiguration.Record? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let call = SnapshotCall(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    let subject: Value
    do { subject = try value() } catch {
        call.report("cannot snapshot the value: it threw \(error)")
        return
    }
    let start = CACurrentMediaTime()
    let moments = call.capture(subject, placeholder: [(name: String, time: CFTimeInterval)]()) { subject throws(SnapshotError) in
        guard MediaClock.shared.isManual else { throw .clockNotManual }
        return try frames.moments(of: subject, from: start)
    }
    for moment in moments {
        let strategy = Snapshotting<Value, CGImage>.frame(of: frames.subject, at: .at(moment.time), label: moment.name,
                                                          precision: frames.precision, perceptualPrecision: frames.perceptualPrecision,
                                                          call: call)
        assertSnapshot(of: subject, as: strategy, named: moment.name, record: record, timeout: timeout,
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
}
