import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIColorMatrix` filter, as properties (Apple's CIFilterBuiltins).
public protocol CIColorMatrix: CIFilterProtocol {
    var rVector: CIVector { get set }
    var gVector: CIVector { get set }
    var bVector: CIVector { get set }
    var aVector: CIVector { get set }
    var biasVector: CIVector { get set }
}
