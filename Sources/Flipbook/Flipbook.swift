// The umbrella module: `import Flipbook` brings in every Flipbook module, as
// `import UIKit` brings in Core Graphics and Foundation on Apple platforms. Foundation comes
// through FlipbookGraphics, as for every Flipbook module (see `Timer.scheduledTimer`).
@_exported import FlipbookGraphics
@_exported import FlipbookMedia
@_exported import FlipbookFilters
@_exported import FlipbookAnimation
@_exported import FlipbookUI
@_exported import FlipbookComponents
@_exported import FlipbookLottie
