import Foundation

extension RunLoop {
    /// Runs `block` in a turn of the run loop, as Foundation's `perform(_:)`; work for the
    /// main run loop goes where `MainWorkScheduling` sends it (the animation host's next
    /// tick while its clock is manual). This shadows Foundation's method in files that
    /// import Flipbook's modules and not Foundation itself.
    public func perform(_ block: @escaping @Sendable () -> Void) {
        if MainWorkScheduling.take(block, sentTo: .runLoop(self)) { return }
        perform(inModes: [.default], block: block)
    }
}
