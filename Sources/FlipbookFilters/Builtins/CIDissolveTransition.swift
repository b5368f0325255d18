import Foundation
import FlipbookGraphics

/// The inputs of Core Image's `CIDissolveTransition` transition filter, as properties (Apple's CIFilterBuiltins).
public protocol CIDissolveTransition: CITransitionFilter {}
