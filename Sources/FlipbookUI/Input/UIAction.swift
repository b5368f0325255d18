import Foundation

/// A closure with a title that a control runs, as UIKit's `UIAction` (the form of target
/// and action that needs no selectors).
@MainActor
open class UIAction: NSObject {
    /// What identifies an action, for `removeAction(identifiedBy:for:)`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open var title: String
    open var image: UIImage?
    public let identifier: Identifier
    /// The control that sent the action, while its handler runs.
    public internal(set) weak var sender: AnyObject?
    let handler: (UIAction) -> Void

    /// An action running `handler`; a missing identifier gets a unique one.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
        super.init()
    }

    /// Runs the handler with `sender` set.
    func perform(from sender: AnyObject) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
