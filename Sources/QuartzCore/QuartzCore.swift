// `import QuartzCore` on Linux: Flipbook's Core Animation under Apple's module name, with
// Core Graphics as Apple's brings it. Only Linux builds have this module.
@_exported import CoreGraphics
@_exported import FlipbookAnimation
