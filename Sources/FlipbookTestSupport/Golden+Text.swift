import Foundation

extension Golden {
    /// Compares `text` with its reference, `<TestFile>.<testFunction>[.<variant>].txt`
    /// (see ``Golden``), exactly; nil when it matches, otherwise the failure, which names the
    /// first line that differs and the actual text written beside the reference.
    public static func compare(text: String, _ variant: String? = nil, test: String = #function,
                               file: String = #filePath, recording: Bool = recordingRequested) -> String? {
        let reference = referenceURL(test: test, variant: variant, file: file, extension: "txt")
        let text = text.hasSuffix("\n") ? text : text + "\n"
        if let recorded = record(at: reference, replacing: recording, { try text.write(to: $0, atomically: true, encoding: .utf8) }) {
            return recorded.message
        }
        guard let expected = try? String(contentsOf: reference, encoding: .utf8) else { return "cannot read golden \(reference.path)" }
        guard expected != text else { return nil }
        let actualURL = sibling(of: reference, "actual")
        try? text.write(to: actualURL, atomically: true, encoding: .utf8)
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
        return "\(reference.lastPathComponent): line \(line + 1) was \"\(was)\", is \"\(now)\"; golden \(reference.path), actual \(actualURL.path)"
    }
}
