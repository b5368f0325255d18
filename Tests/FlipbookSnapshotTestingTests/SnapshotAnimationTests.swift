import Flipbook
@testable import FlipbookSnapshotTesting
import FlipbookTestSupport
import Foundation
import Testing

/// Views, view controllers and whole animations: frames by time and by progress, APNG and
/// GIF references compared frame by frame, and the frame tree's text.
@MainActor
@Suite(.serialized) struct SnapshotAnimationTests {
    /// A 60 × 40 view whose 20-point orange badge fades in and slides right with
    /// `UIView.animate` over one second, from media time 0.
    static func badge(slide: CGFloat = 30) -> UIView {
        AnimationHost.shared.reset(time: 0)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        view.backgroundColor = .white
        let badge = UIView(frame: CGRect(x: 5, y: 10, width: 20, height: 20))
        badge.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        badge.alpha = 0
        view.addSubview(badge)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) {
            badge.alpha = 1
            badge.frame.origin.x += slide
        }
        return view
    }


    @Test func aViewWithoutAWindowIsLaidOutInOne() throws {
        let view = Self.badge()
        let image = try #require(Snapshotting<UIView, CGImage>.image(at: 0.5, scale: 1).taken(of: view))
        #expect(image.width == 60 && image.height == 40)
        // Half-way: x 20…40, half faded in over white.
        #expect(image.pixel(19, 20) == [255, 255, 255, 255] && image.pixel(39, 20) == [255, 191, 127, 255])
        #expect(view.window != nil && view.window?.bounds.size == CGSize(width: 60, height: 40))
        let onAPhone = try #require(Snapshotting<UIView, CGImage>.image(at: 1, layout: .device(.iPhoneSE)).taken(of: Self.badge()))
        #expect(onAPhone.width == 750 && onAPhone.height == 1334, "375 × 667 points at 2×")
        #expect(onAPhone.pixel(2 * 50, 2 * 20) == [255, 128, 0, 255])
    }

    @Test func aViewControllerIsTheRootOfAWindowTheSizeOfTheDevice() throws {
        AnimationHost.shared.reset(time: 0)
        let controller = UIViewController()
        controller.view.backgroundColor = .blue
        let image = try #require(Snapshotting<UIViewController, CGImage>.image(layout: .device(.iPhone13Mini), scale: 1).taken(of: controller))
        #expect(image.width == 375 && image.height == 812 && image.pixel(200, 400) == [0, 0, 255, 255])
        #expect(controller.view.window?.rootViewController === controller && controller.isViewLoaded)
    }

    @Test func framesAreNamedByTheirTimeAndProgressSpreadsOverTheAnimation() throws {
        let view = Self.badge()
        let times = try SnapshotFrames<UIView>.frames(at: [1, 0, 0.5, 0.5, 1.0 / 60]).moments(of: view, from: 0)
        #expect(times.map(\.name) == ["0ms", "16.667ms", "500ms", "1000ms"] && times.map(\.time) == [0, 1.0 / 60, 0.5, 1])
        let progress = try SnapshotFrames<UIView>.progress([0, 0.25, 1]).moments(of: view, from: 0)
        #expect(progress.map(\.name) == ["progress-0", "progress-25", "progress-100"] && progress.map(\.time) == [0, 0.25, 1])
        let stretched = try SnapshotFrames<UIView>.progress([0.5], duration: 4).moments(of: view, from: 2)
        #expect(stretched.map(\.time) == [4])
        #expect(SnapshotCall.sanitized("16.667ms") == "16-667ms" && SnapshotCall.sanitized("flips()") == "flips")
    }

    /// The references in `__Snapshots__/SnapshotAnimationTests/`, looked at: the badge at
    /// 0, ¼, ½ and 1 of its second, and the frame tree at ½.
    @Test func theBadgeFadesInAndSlides() {
        assertSnapshot(of: Self.badge(), as: .progress([0, 0.25, 0.5, 1], scale: 2))
        assertSnapshot(of: Self.badge(), as: .frameTreeDump(at: 0.5, scale: 1))
    }

    @Test(arguments: ["gif", "apng"])
    func anAnimationRecordsThenMatchesThenNamesTheFirstFrameThatDiffers(format: String) throws {
        let snapshots = try TemporaryDirectory(), artifacts = try TemporaryDirectory()
        setenv("SNAPSHOT_ARTIFACTS", artifacts.url.path, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }
        let verify = { (view: UIView) -> String? in
            let strategy: Snapshotting<UIView, Data> = format == "gif"
                ? .gif(duration: 1, framesPerSecond: 10, scale: 1) : .animatedPNG(duration: 1, framesPerSecond: 10, scale: 1)
            return verifySnapshot(of: view, as: strategy, named: "badge", snapshotDirectory: snapshots.url.path)
        }
        #expect(verify(Self.badge())?.contains("Automatically recorded snapshot") == true)
        let file = snapshots.contents.first ?? ""
        #expect(file == "anAnimationRecordsThenMatchesThenNamesTheFirstFrameThatDiffers-format.badge.\(format == "gif" ? "gif" : "png")")
        let recorded = try AnimatedImage(contentsOf: snapshots.file(file))
        #expect(recorded.frames.count == 10 && recorded.delays.allSatisfy { abs($0 - 0.1) < 1e-9 })
        #expect(verify(Self.badge()) == nil)
        // Sliding 40 points instead of 30 changes every frame after the first.
        let failure = try #require(verify(Self.badge(slide: 40)))
        #expect(failure.contains("9 of 10 frames differ (1, 2, 3, 4, 5, 6, 7, 8, 9). Frame 1, at 0.1 s: "))
        let folder = artifacts.url.appendingPathComponent("SnapshotAnimationTests")
        let name = "anAnimationRecordsThenMatchesThenNamesTheFirstFrameThatDiffers-format.\(format).frame-1"
        #expect(failure.contains(folder.appendingPathComponent("\(name).difference.png").path))
        let difference = try CGImage.read(contentsOf: folder.appendingPathComponent("\(name).difference.png"))
        #expect(difference.width == 60 && difference.pixel(8, 20) == [255, 0, 0, 255])
        #expect(try CGImage.read(contentsOf: folder.appendingPathComponent("\(name).reference.png")).width == 60)
    }
}
