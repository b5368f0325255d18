@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

/// The window rendered at `time`, at `scale` pixels a point.
@MainActor
func frame(_ window: UIWindow, at time: Double, scale: CGFloat = 1) throws -> CGImage {
    try CARenderer(layer: window.layer, bounds: window.bounds, scale: scale).render(at: time)
}

