import FlipbookAnimation
import FlipbookComponents
import FlipbookGraphics
import FlipbookUI

extension Gallery {
    /// Seed 002's shimmer: the view as the article configures it, and the loading screen.
    static let shimmerScenes = [
        GalleryScene(
            name: "shimmer", title: "Seed 002 · GradientAnimationView",
            summary: "The article's shimmer, added with addSubview alone: a highlight slides across in 1.2 s, then waits 0.6 s.",
            size: CGSize(width: 300, height: 120)
        ) { size, _ in
            let holder = UIView(frame: CGRect(x: 20, y: 30, width: size.width - 40, height: size.height - 60))
            let gradientAnimationView = GradientAnimationView()
            gradientAnimationView.cornerRadius = 5.0
            gradientAnimationView.sideColor = .gray
            gradientAnimationView.centerColor = .lightGray
            gradientAnimationView.animationDuration = 1.2
            gradientAnimationView.waitingDuration = 0.6
            holder.addSubview(gradientAnimationView)
            return windowStage(size: size, duration: 1.8, view: holder)
        },
        GalleryScene(
            name: "skeleton", title: "Seed 002 · SkeletonPlaceholderView",
            summary: "A feed's loading screen: avatars, names, lines and pictures shimmering together until the content comes.",
            size: CGSize(width: 300, height: 520)
        ) { size, _ in
            windowStage(size: size, duration: 1.5, view: SkeletonPlaceholderView(frame: .zero, postCount: 2))
        },
    ]
}
