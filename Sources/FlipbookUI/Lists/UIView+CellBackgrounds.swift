import Foundation

extension UIView {
    /// Puts a cell's backgrounds behind its content view, filling it: `selected` above
    /// `background`, shown only while `showingSelected`.
    func arrangeCellBackgrounds(_ background: UIView?, selected: UIView?, showingSelected: Bool, below content: UIView) {
        var below = content
        if let selected {
            if selected.superview !== self { insertSubview(selected, belowSubview: below) }
            selected.frame = bounds
            selected.isHidden = !showingSelected
            below = selected
        }
        if let background, background.superview !== self {
            background.frame = bounds
            insertSubview(background, belowSubview: below)
        }
    }
}
