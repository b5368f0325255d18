import Foundation
import FlipbookGraphics

/// What an `ElementPresenter` asks the collection or table view it works for.
@MainActor
protocol ElementSource: UIScrollView {
    /// The attributes of every element whose frame meets `rect`.
    func elementAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes]
    /// The attributes of one element as now laid out.
    func elementAttributes(for key: ReuseStage.Key) -> UICollectionViewLayoutAttributes?
    /// A view for the element from the data source, added as a subview and announced to the
    /// delegate; nil when there is none.
    func makeElementView(for key: ReuseStage.Key) -> UIView?
    /// Puts a view where `attributes` say.
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UIView)
    /// Where an element that appears in an update starts (nil: where it ends).
    func startOfAppearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes?
    /// Where an element that goes away in an update ends; `key` is from before the update.
    func endOfDisappearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes?
    /// Tells the delegate the view left the screen.
    func endDisplaying(_ view: UIView, for key: ReuseStage.Key)
}
