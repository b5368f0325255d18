// `import UIKit` on Linux: Flipbook's UIKit under Apple's module name, with what Apple's
// brings along — Foundation, Core Graphics, Core Animation and Core Image — so iOS files
// compile without editing their imports and `#if canImport(UIKit)` holds. Only Linux
// builds have this module; on Apple platforms the name is Apple's framework.
@_exported import CoreGraphics
@_exported import CoreImage
@_exported import FlipbookUI
@_exported import QuartzCore
