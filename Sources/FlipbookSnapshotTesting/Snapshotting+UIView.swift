import Flipbook
import Foundation
import SnapshotTesting

extension Snapshotting where Value == UIView, Format == CGImage {
    /// The view at an exact media time, `time` seconds after the snapshot is taken: the
    /// manual clock moves there in steps of the host's frame rate (display links, timers
    /// and delayed work run on the way, as on a device), then the view's frame is
    /// drawn. The clock stays there. The same picture on every run, machine and thread
    /// count, given `AnimationHost.shared.reset(time:)` before the scene is built.
    ///
    /// - Parameters:
    ///   - time: seconds after the snapshot starts; 0 draws what is committed now.
    ///   - layout: where the view is laid out: a device's screen, a fixed size, or its own
    ///     frame. A view without a window is put in one of that size.
    ///   - scale: pixels per point; by default the device's, else the main screen's (3).
    ///   - precision, perceptualPrecision: as `Diffing.image(precision:perceptualPrecision:)`.
    ///   - fileID, filePath, testName, line, column: where the snapshot is asked for, filled
    ///     in by the compiler: a snapshot that cannot be taken fails there, and failures'
    ///     files are named after the test.
    @MainActor
    public static func image(at time: CFTimeInterval = 0, layout: SnapshotLayout = .frame, scale: CGFloat? = nil,
                             precision: Float = 1, perceptualPrecision: Float = 1,
                             fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                             line: UInt = #line, column: UInt = #column) -> Snapshotting {
        frame(of: .view(layout: layout, scale: scale), at: .after(time), label: SnapshotMoment.label(time),
              precision: precision, perceptualPrecision: perceptualPrecision,
              call: SnapshotCall(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column))
    }
}

extension Snapshotting where Value == UIView, Format == Data {
    /// The view animating for `duration` seconds from now at `framesPerSecond`, as one
    /// APNG reference (a `.png` file), compared frame by frame.
    @MainActor
    public static func animatedPNG(duration: CFTimeInterval, framesPerSecond: Double = 30, layout: SnapshotLayout = .frame, scale: CGFloat? = nil,
                                   precision: Float = 1, perceptualPrecision: Float = 1,
                                   fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                   line: UInt = #line, column: UInt = #column) -> Snapshotting {
        animation(of: .view(layout: layout, scale: scale), as: .apng, duration: duration, framesPerSecond: framesPerSecond,
                  precision: precision, perceptualPrecision: perceptualPrecision,
                  call: SnapshotCall(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column))
    }

    /// The view animating for `duration` seconds from now at `framesPerSecond`, as one
    /// GIF reference (256 colours a frame), compared frame by frame.
    @MainActor
    public static func gif(duration: CFTimeInterval, framesPerSecond: Double = 30, layout: SnapshotLayout = .frame, scale: CGFloat? = nil,
                           precision: Float = 1, perceptualPrecision: Float = 1,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                           line: UInt = #line, column: UInt = #column) -> Snapshotting {
        animation(of: .view(layout: layout, scale: scale), as: .gif, duration: duration, framesPerSecond: framesPerSecond,
                  precision: precision, perceptualPrecision: perceptualPrecision,
                  call: SnapshotCall(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column))
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// The text form of the frame tree of the view at `time` seconds after the snapshot
    /// is taken: what the frame draws, one line per step, compared line by line —
    /// behaviour checked without pixels, in diffs a reviewer can read.
    @MainActor
    public static func frameTreeDump(at time: CFTimeInterval = 0, layout: SnapshotLayout = .frame, scale: CGFloat? = nil,
                                     fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                     line: UInt = #line, column: UInt = #column) -> Snapshotting {
        frameTree(of: .view(layout: layout, scale: scale), at: .after(time),
                  call: SnapshotCall(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column))
    }
}
