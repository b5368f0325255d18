import Foundation
import FlipbookGraphics

// UIKit's drawing-context functions. As in UIKit, each thread has its own stack of
// current contexts: `draw(_:)`, image contexts and image renderers push theirs, and
// `UIColor.setFill()`, `UIBezierPath.fill()` and `UIRectFill` draw into the top one.

/// The current context, or nil when nothing is being drawn.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current.entries.last?.context }

/// Makes `context` the current one until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.entries.append(.init(context: context, imageScale: nil))
}

/// Restores the context that was current before the last push.
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.entries.popLast()
}

/// Begins an image context of `size` points at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Begins an image context of `size` points at `scale` pixels a point (0: the main
/// screen's) and makes it current; an opaque one starts black. A size that is empty, not
/// finite or too large begins nothing and is reported, as UIKit logs it.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    guard let (context, scale) = makeImageContext(bounds: CGRect(origin: .zero, size: size), scale: scale, opaque: opaque,
                                                  caller: "UIGraphicsBeginImageContext()") else { return }
    GraphicsContextStack.current.entries.append(.init(context: context, imageScale: scale))
}

/// A bitmap context covering `bounds` points at `scale` pixels a point (0: the main
/// screen's), drawn in points with y down; an opaque one starts black. Nil, and reported
/// for `caller`, when the size is empty, not finite or too large.
func makeImageContext(bounds: CGRect, scale: CGFloat, opaque: Bool, caller: String) -> (CGContext, scale: CGFloat)? {
    let scale = scale > 0 && scale.isFinite ? scale : UIScreen.defaultScale
    let width = (bounds.size.width * scale).rounded(.up), height = (bounds.size.height * scale).rounded(.up)
    guard width >= 1, height >= 1, width <= 32768, height <= 32768, bounds.minX.isFinite, bounds.minY.isFinite,
          let context = try? CGContext(width: Int(width), height: Int(height)) else {
        UIDiagnostics.report("\(caller): no bitmap for \(bounds.size) points at scale \(scale)")
        return nil
    }
    if opaque {
        context.setFillColor(CGColor.black)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
    }
    context.scaleBy(x: scale, y: scale)
    context.translateBy(x: -bounds.minX, y: -bounds.minY)
    return (context, scale)
}

/// The image drawn so far in the current image context; nil when the current context is
/// not an image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.current.entries.last, let scale = entry.imageScale,
          let image = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the current image context (nothing when the current context is not one).
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard stack.entries.last?.imageScale != nil else {
        return UIDiagnostics.report("UIGraphicsEndImageContext() called without a current image context")
    }
    stack.entries.removeLast()
}

/// Fills `rect` with the current fill colour, copying it (`.copy`), as UIKit does.
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` with the current fill colour in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return UIDiagnostics.report("UIRectFill: no current context") }
    context.painting(blendMode) { $0.fill(rect) }
}

/// Strokes a one-point frame just inside `rect` with the current stroke colour.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return UIDiagnostics.report("UIRectFrame: no current context") }
    context.saveGState()
    context.setLineWidth(1)
    context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
    context.restoreGState()
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }

/// The per-thread stack of current contexts.
final class GraphicsContextStack {
    struct Entry {
        let context: CGContext
        /// Pixels a point, for an image context begun by `UIGraphicsBeginImageContextWithOptions`.
        let imageScale: CGFloat?
    }

    var entries: [Entry] = []

    /// The calling thread's stack.
    static var current: GraphicsContextStack {
        let key = "FlipbookUI.GraphicsContextStack"
        if let stack = Thread.current.threadDictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    /// Runs `body` with `context` current.
    static func drawing<R>(in context: CGContext, _ body: () throws -> R) rethrows -> R {
        UIGraphicsPushContext(context)
        defer { UIGraphicsPopContext() }
        return try body()
    }
}
