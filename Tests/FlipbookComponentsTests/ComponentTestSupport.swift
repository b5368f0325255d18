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

/// Checks `image` against the golden `name`, recording it on the first run.
func expectGolden(_ image: CGImage, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = Golden.compare(image, named: name)
    #expect(result.failure == nil, "\(result.failure ?? "")", sourceLocation: sourceLocation)
}

