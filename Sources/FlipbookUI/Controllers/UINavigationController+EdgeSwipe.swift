import FlipbookGraphics

extension UINavigationController {
    /// The left-edge pan that pops interactively.
    func makeInteractivePopGestureRecognizer() -> UIGestureRecognizer {
        let recognizer = UIScreenEdgePanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIScreenEdgePanGestureRecognizer else { return }
            self.followEdgeSwipe(pan)
        }
        recognizer.edges = .left
        edgeSwipeGate.navigationController = self
        recognizer.delegate = edgeSwipeGate
        return recognizer
    }

    /// Pops when the swipe begins, moves the pop with the finger, and on lifting finishes
    /// it when the finger is past half way or flicks towards the right (faster than
    /// `edgeSwipeFlickSpeed`), cancels it otherwise.
    private func followEdgeSwipe(_ pan: UIScreenEdgePanGestureRecognizer) {
        let width = max(view.bounds.width, 1)
        let progress = max(pan.translation(in: view).x, 0) / width
        switch pan.state {
        case .began:
            guard canPopByEdgeSwipe else { return }   // also when a replaced delegate let it begin
            edgeSwipeInteraction = UIPercentDrivenInteractiveTransition()
            popViewController(animated: true)
            // A pop that did not start an interactive transition (off screen, or the
            // delegate's own interaction) needs nothing more from the swipe.
            if transition == nil { edgeSwipeInteraction = nil }
        case .changed:
            edgeSwipeInteraction?.update(progress)
        case .ended:
            let speed = pan.velocity(in: view).x
            let finishes = speed > Self.edgeSwipeFlickSpeed || (speed > -Self.edgeSwipeFlickSpeed && progress > 0.5)
            if finishes { edgeSwipeInteraction?.finish() } else { edgeSwipeInteraction?.cancel() }
            edgeSwipeInteraction = nil
        case .cancelled:
            edgeSwipeInteraction?.cancel()
            edgeSwipeInteraction = nil
        case .possible, .failed:
            break
        }
    }

    /// Whether there is a controller to go back to and no change is running.
    var canPopByEdgeSwipe: Bool { viewControllers.count > 1 && transition == nil }

    /// Points a second past which lifting the finger decides by direction alone.
    static let edgeSwipeFlickSpeed: CGFloat = 300
}

/// The edge swipe's default delegate: it may begin when there is a controller to go back
/// to and no change is running.
@MainActor
final class EdgeSwipeGate: UIGestureRecognizerDelegate {
    weak var navigationController: UINavigationController?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        navigationController?.canPopByEdgeSwipe ?? false
    }
}
