import Foundation

extension DispatchQueue {
    /// Runs `workItem` on the queue, as Dispatch's `async(execute:)`; work for the main
    /// queue goes where `MainWorkScheduling` sends it (the animation host's next tick while
    /// its clock is manual). This shadows Dispatch's method in files that import Flipbook's
    /// modules and not Dispatch or Foundation themselves.
    public func async(execute workItem: DispatchWorkItem) {
        // Dispatch runs a work item on whichever thread it likes; so does this.
        nonisolated(unsafe) let item = workItem
        if MainWorkScheduling.take({ item.perform() }, sentTo: .dispatchQueue(self)) { return }
        async(group: nil, qos: .unspecified, flags: [], execute: { item.perform() })
    }
}
