import Foundation

extension IndexPath {
    /// The path of an item in a section of a collection view, as UIKit's extension.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The path of a row in a section of a table view, as UIKit's extension.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// The section: the first index (0 for an empty path).
    public var section: Int {
        get { isEmpty ? 0 : self[0] }
        set { if isEmpty { self = [newValue, 0] } else { self[0] = newValue } }
    }

    /// The item in the section: the second index (0 for a shorter path).
    public var item: Int {
        get { count > 1 ? self[1] : 0 }
        set { self = [section, newValue] }
    }

    /// The row in the section: the same index as `item`.
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}
