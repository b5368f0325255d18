import Foundation

/// Where the animated properties end, as UIKit's `UIViewAnimatingPosition`.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}
