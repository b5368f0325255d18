import Foundation

extension Golden {
    /// Compares `text` with `__Snapshots__/<name>.txt` beside `file`, exactly: the failure
    /// names the first line that differs and writes the actual text beside the reference.
    /// `FLIPBOOK_RECORD=1 swift test` re-records; a missing reference is recorded and fails,
    /// to be read before it is committed.
    public static func compare(text: String, named name: String, file: String = #filePath) -> String? {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let reference = folder.appendingPathComponent("\(name).txt")
        let text = text.hasSuffix("\n") ? text : text + "\n"
        let recording = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
        if recording || !FileManager.default.fileExists(atPath: reference.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do { try text.write(to: reference, atomically: true, encoding: .utf8) } catch { return "could not record: \(error)" }
            return recording ? nil : "recorded new golden \(reference.path); read it, then commit it"
        }
        guard let expected = try? String(contentsOf: reference, encoding: .utf8) else { return "cannot read golden \(reference.path)" }
        guard expected != text else { return nil }
        let actualURL = folder.appendingPathComponent("\(name).actual.txt")
        try? text.write(to: actualURL, atomically: true, encoding: .utf8)
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
        return "\(name): line \(line + 1) was \"\(was)\", is \"\(now)\"; golden \(reference.path), actual \(actualURL.path)"
    }
}
