import Foundation
import FlipbookGraphics

/// The inputs every transition has.
public protocol CITransitionFilter: CIFilterProtocol {
    var targetImage: CIImage? { get set }
    var time: Float { get set }
}
