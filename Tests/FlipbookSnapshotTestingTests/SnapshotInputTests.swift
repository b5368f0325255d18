import Flipbook
@testable import FlipbookSnapshotTesting
import FlipbookTestSupport
import Foundation
import Testing

/// Bad input fails the test at the line that asks for the snapshot, with a message that
/// says what to change — never a crash, a hang or a picture recorded as a reference.
@MainActor
@Suite(.serialized) struct SnapshotInputTests {
    /// Runs `body` and returns the messages of the issues it reported (as known issues).
    static func issues(_ body: () throws -> Void) -> [String] {
        final class Messages: @unchecked Sendable {
            let lock = NSLock()
            var all: [String] = []
        }
        let messages = Messages()
        try? withKnownIssue {
            try body()
        } matching: { issue in
            messages.lock.withLock { messages.all.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        return messages.lock.withLock { messages.all }
    }

    static func square(size: CGSize = CGSize(width: 20, height: 20)) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        return layer
    }

    @Test(arguments: [Double.nan, -1, .infinity])
    func aTimeThatIsNotAFiniteNumberOfSecondsFails(time: Double) throws {
        let folder = try TemporaryDirectory()
        var result: String?
        let messages = Self.issues {
            result = verifySnapshot(of: Self.square(), as: .image(at: time), named: "bad", snapshotDirectory: folder.url.path)
        }
        #expect(messages == ["cannot snapshot at time \(time): a time is a finite number of seconds ≥ 0 after the snapshot starts"])
        // swift-snapshot-testing records what it was handed: an empty file, not a picture.
        #expect(result?.contains("No reference was found on disk") == true)
        // swift-snapshot-testing names it after `#function`, "…Fails(time:)".
        let reference = folder.file("aTimeThatIsNotAFiniteNumberOfSecondsFails-time.bad.png")
        #expect(try Data(contentsOf: reference).isEmpty)
        // Once the time is right, the empty reference is named for what it is.
        let next = verifySnapshot(of: Self.square(), as: .image(at: 0), named: "bad", snapshotDirectory: folder.url.path)
        #expect(next?.contains("The reference is not a PNG image Flipbook can read; delete it to record it again.") == true)
    }

    @Test func anEmptyOrAbsurdSizeFails() throws {
        let folder = try TemporaryDirectory()
        let messages = Self.issues {
            _ = verifySnapshot(of: Self.square(size: .zero), as: .image(), named: "empty", snapshotDirectory: folder.url.path)
            _ = verifySnapshot(of: Self.square(), as: .image(size: CGSize(width: 1e6, height: 1e6)), named: "huge",
                               snapshotDirectory: folder.url.path)
            _ = verifySnapshot(of: Self.square(), as: .image(scale: .nan), named: "nan", snapshotDirectory: folder.url.path)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            _ = verifySnapshot(of: view, as: .image(layout: .fixed(width: 0, height: 100)), named: "view", snapshotDirectory: folder.url.path)
        }
        #expect(messages.count == 4)
        #expect(messages[0].hasPrefix("cannot snapshot 0.0 × 0.0 points at scale 1.0: give a size of at least one pixel and at most 32768 pixels a side"))
        #expect(messages[1].hasPrefix("cannot snapshot 1000000.0 × 1000000.0 points at scale 1.0"))
        #expect(messages[2].hasPrefix("cannot snapshot 20.0 × 20.0 points at scale nan"))
        #expect(messages[3].hasPrefix("cannot snapshot 0.0 × 100.0 points at scale 3.0"))
    }

    @Test func theClockMustBeManual() throws {
        let layer = Self.square()
        MediaClock.shared.useMonotonic()
        defer { AnimationHost.shared.reset(time: 0) }
        let folder = try TemporaryDirectory()
        let messages = Self.issues {
            _ = verifySnapshot(of: layer, as: .image(), named: "clock", snapshotDirectory: folder.url.path)
        }
        #expect(messages == [SnapshotError.clockNotManual.description])
        #expect(messages.first?.contains("AnimationHost.shared.reset(time: 0)") == true)
    }

    @Test func aLayerNeverCommittedOrAddedToATreeIsCommittedFirst() throws {
        AnimationHost.shared.reset(time: 0)
        let lone = CALayer()
        lone.frame = CGRect(x: 5, y: 5, width: 4, height: 3)
        lone.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        var image: CGImage?
        Snapshotting<CALayer, CGImage>.image().snapshot(lone).run { image = $0 }
        let taken = try #require(image)
        #expect(taken.width == 4 && taken.height == 3 && taken.pixel(3, 2) == [0, 255, 0, 255])
        #expect(!AnimationHost.shared.rootLayers.contains { $0 === lone }, "the layer was a root only while drawn")
    }

    @Test func progressNeedsADurationItCanKnow() throws {
        let still = Self.square()
        let endless = Self.square()
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 0
        spin.toValue = 1
        spin.duration = 1
        spin.repeatCount = .infinity
        endless.add(spin, forKey: "spin")
        let messages = Self.issues {
            assertSnapshot(of: still, as: .progress([0, 1]))
            assertSnapshot(of: endless, as: .progress([0, 1]))
            assertSnapshot(of: still, as: .progress([0, 1.5], duration: 1))
            assertSnapshot(of: still, as: .frames(at: [0, -0.5]))
        }
        #expect(messages == [SnapshotError.noAnimation.description, SnapshotError.endlessAnimation.description,
                             SnapshotError.invalidProgress(1.5).description, SnapshotError.invalidTime(-0.5).description])
    }

    @Test func aValueThatThrowsFailsTheAssertion() {
        struct Broken: Error {}
        func make() throws -> CALayer { throw Broken() }
        let messages = Self.issues {
            assertSnapshot(of: try make(), as: .frames(at: [0]))
        }
        #expect(messages == ["cannot snapshot the value: it threw Broken()"])
    }
}
