// The umbrella module: `import Flipbook` brings in every Flipbook module, as
// `import UIKit` brings in Core Graphics and Foundation on Apple platforms.
@_exported import Foundation
@_exported import FlipbookGraphics
@_exported import FlipbookMedia
@_exported import FlipbookFilters
@_exported import FlipbookAnimation
@_exported import FlipbookUI
@_exported import FlipbookComponents
