// `import CoreGraphics` on Linux: Flipbook's Core Graphics under Apple's module name, so
// iOS files compile without editing their imports. Only Linux builds have this module; on
// Apple platforms the name is Apple's framework.
@_exported import FlipbookGraphics
