import Foundation

extension OperationQueue {
    /// Adds an operation running `block`, as Foundation's `addOperation(_:)`; work for the
    /// main queue goes where `MainWorkScheduling` sends it (the animation host's next tick
    /// while its clock is manual). This shadows Foundation's method in files that import
    /// Flipbook's modules and not Foundation itself.
    public func addOperation(_ block: @escaping @Sendable () -> Void) {
        if MainWorkScheduling.take(block, sentTo: .operationQueue(self)) { return }
        addOperation(BlockOperation(block: block))
    }
}
