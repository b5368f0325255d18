@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Auto Layout as UIKit documents it: anchors and NSLayoutConstraint solved in the
/// window's layout pass, intrinsic sizes with hugging and compression resistance,
/// priorities, margins and guides, changes and animation, and bad input reported.
@MainActor @Suite(.serialized) struct AutoLayoutTests {
    /// A view placed by constraints, added to `superview`.
    func constrained(in superview: UIView, _ view: UIView = UIView()) -> UIView {
        view.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(view)
        return view
    }

    @Test func edgesPinnedWithConstantsGiveTheFrame() {
        let window = makeWindow()
        let box = constrained(in: window)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            box.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -30),
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            box.bottomAnchor.constraint(equalTo: window.bottomAnchor, constant: -50),
        ])
        #expect(box.frame == .zero)           // nothing moves before the layout pass
        window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 20, y: 40, width: 350, height: 710))
        #expect(window.constraints.count == 4 && box.constraints.isEmpty)
        #expect(!box.hasAmbiguousLayout)
    }

    @Test func theHostTickLaysOutConstraints() {
        let window = makeWindow()
        let box = constrained(in: window)
        box.widthAnchor.constraint(equalToConstant: 100).isActive = true
        box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5).isActive = true
        box.centerXAnchor.constraint(equalTo: window.centerXAnchor).isActive = true
        box.centerYAnchor.constraint(equalTo: window.centerYAnchor, constant: 100).isActive = true
        #expect(box.constraints.count == 2)   // constraints on the view alone are installed on it
        AnimationHost.shared.tick()
        #expect(box.frame == CGRect(x: 150, y: 475, width: 100, height: 50))
        #expect(box.shown.frame == CGRect(x: 150, y: 475, width: 100, height: 50))   // committed in the same tick
    }

    /// The legacy form, with a multiplier on a location.
    @Test func itemAttributeConstraintsWithMultipliers() {
        let window = makeWindow()
        let box = constrained(in: window)
        window.addConstraints([
            NSLayoutConstraint(item: box, attribute: .centerX, relatedBy: .equal, toItem: window, attribute: .right,
                               multiplier: 0.25, constant: 0),
            NSLayoutConstraint(item: box, attribute: .top, relatedBy: .equal, toItem: window, attribute: .top,
                               multiplier: 1, constant: 10),
            NSLayoutConstraint(item: box, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                               multiplier: 1, constant: 60),
            NSLayoutConstraint(item: box, attribute: .height, relatedBy: .equal, toItem: box, attribute: .width,
                               multiplier: 2, constant: 1),
        ])
        window.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 70, y: 10, width: 60, height: 121))
    }

    /// Seed 003's layout: the image view fills its superview by centre and size; the
    /// magnified copy is centred at twice the size.
    @Test func seed003CentreAndSizeAndTwiceTheSize() {
        let window = makeWindow()
        let host = UIView(frame: CGRect(x: 0, y: 100, width: 300, height: 200))
        window.addSubview(host)
        let imageView = constrained(in: host, UIImageView())
        let magnificationView = constrained(in: host)
        let magnified = constrained(in: magnificationView, UIImageView())
        NSLayoutConstraint.activate([
            imageView.centerXAnchor.constraint(equalTo: host.centerXAnchor),
            imageView.centerYAnchor.constraint(equalTo: host.centerYAnchor),
            imageView.widthAnchor.constraint(equalTo: host.widthAnchor),
            imageView.heightAnchor.constraint(equalTo: host.heightAnchor),
            magnificationView.centerXAnchor.constraint(equalTo: imageView.centerXAnchor),
            magnificationView.centerYAnchor.constraint(equalTo: imageView.centerYAnchor),
            magnificationView.widthAnchor.constraint(equalTo: imageView.widthAnchor),
            magnificationView.heightAnchor.constraint(equalTo: imageView.heightAnchor),
            magnified.centerXAnchor.constraint(equalTo: magnificationView.centerXAnchor),
            magnified.centerYAnchor.constraint(equalTo: magnificationView.centerYAnchor),
            magnified.widthAnchor.constraint(equalTo: magnificationView.widthAnchor, multiplier: 2.0),
            magnified.heightAnchor.constraint(equalTo: magnificationView.heightAnchor, multiplier: 2.0),
        ])
        window.layoutIfNeeded()
        #expect(imageView.frame == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(magnificationView.frame == imageView.frame)
        #expect(magnified.frame == CGRect(x: -150, y: -100, width: 600, height: 400))
        // The superview is placed by hand: resizing it lays everything out again.
        host.frame.size = CGSize(width: 100, height: 60)
        window.layoutIfNeeded()
        #expect(magnified.frame == CGRect(x: -50, y: -30, width: 200, height: 120))
    }

    /// Seed 003's view, its initializer as the article writes it (SnapKit's DSL).
    final class AnalyzeImageView: UIView {
        let imageView = UIImageView()
        let magnificationView = UIView()
        let magnificationImageView = UIImageView()
        let magnificationMaskLayer = CALayer()

        override init(frame: CGRect) {
            super.init(frame: frame)
            imageView.image = UIImage(named: "cancun_pool_bar.png")
            addSubview(imageView)

            magnificationView.isHidden = true
            magnificationView.clipsToBounds = true
            addSubview(magnificationView)

            magnificationImageView.image = imageView.image
            magnificationView.addSubview(magnificationImageView)

            magnificationMaskLayer.backgroundColor = UIColor.black.cgColor
            magnificationMaskLayer.cornerRadius = 100
            magnificationMaskLayer.frame.size = CGSize(width: 200, height: 200)
            magnificationImageView.layer.mask = magnificationMaskLayer

            imageView.snp.makeConstraints { (make) in
                make.center.size.equalToSuperview()
            }

            magnificationView.snp.makeConstraints { (make) in
                make.center.size.equalTo(imageView)
            }

            magnificationImageView.snp.makeConstraints { (make) in
                make.center.equalToSuperview()
                make.size.equalToSuperview().multipliedBy(2.0)
            }
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    @Test func seed003WithTheArticlesSnapKitCode() {
        let window = makeWindow()
        let view = AnalyzeImageView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.addSubview(view)
        #expect(view.constraints.count == 8 && view.magnificationView.constraints.count == 4)
        #expect(!view.imageView.translatesAutoresizingMaskIntoConstraints)
        AnimationHost.shared.tick()
        #expect(view.imageView.frame == view.bounds)
        #expect(view.magnificationView.frame == view.bounds)
        #expect(view.magnificationImageView.frame == CGRect(x: -160, y: -120, width: 640, height: 480))
        #expect(view.imageView.image == nil)   // the article's picture is not in this bundle
    }

    @Test func theSnapKitDSLsOtherForms() {
        let window = makeWindow()
        let card = UIView(), badge = UIView()
        window.addSubview(card)
        window.addSubview(badge)
        card.snp.makeConstraints { make in
            make.edges.equalToSuperview().inset(20)
        }
        badge.snp.makeConstraints { make in
            make.top.equalTo(card.snp.top).offset(-5)
            make.trailing.equalTo(card.snp.trailing).offset(5)
            make.size.equalTo(CGSize(width: 30, height: 20))
        }
        window.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 20, y: 20, width: 360, height: 760))
        #expect(badge.frame == CGRect(x: 355, y: 15, width: 30, height: 20))
        badge.snp.updateConstraints { make in make.top.equalTo(card.snp.top).offset(10) }
        window.layoutIfNeeded()
        #expect(badge.frame.minY == 30 && badge.constraints.count == 2)
        badge.snp.remakeConstraints { make in
            make.center.equalTo(CGPoint(x: 10, y: 10))
            make.width.height.equalTo(50)
            make.width.lessThanOrEqualTo(40).priority(.required)
        }
        let messages = collectingUIDiagnostics { window.layoutIfNeeded() }
        #expect(messages.count == 1)   // width 50 and width ≤ 40 can't both hold
        #expect(badge.frame == CGRect(x: 185, y: 385, width: 50, height: 50))
    }

    @Test func inequalitiesAndPriorities() {
        let window = makeWindow()
        let box = constrained(in: window)
        box.leftAnchor.constraint(equalTo: window.leftAnchor).isActive = true
        box.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        box.heightAnchor.constraint(equalToConstant: 10).isActive = true
        box.widthAnchor.constraint(lessThanOrEqualToConstant: 100).isActive = true
        let wish = box.widthAnchor.constraint(equalToConstant: 300)
        wish.priority = .defaultHigh
        wish.isActive = true
        window.layoutIfNeeded()
        #expect(box.frame.width == 100)
        let floor = box.widthAnchor.constraint(greaterThanOrEqualTo: window.widthAnchor, multiplier: 0.1)
        floor.isActive = true
        let weak = box.widthAnchor.constraint(equalToConstant: 0)
        weak.priority = .defaultLow
        weak.isActive = true
        wish.isActive = false
        window.layoutIfNeeded()
        #expect(box.frame.width == 40)        // ≥ 400 × 0.1, pulled down by the weak wish for 0
    }

    /// Intrinsic sizes: a label sizes itself; between two edges the label that hugs less
    /// stretches; squeezed below its size, the label with less compression resistance gives.
    @Test func intrinsicSizesHuggingAndCompression() {
        let window = makeWindow()
        let left = constrained(in: window, UILabel()) as! UILabel
        let right = constrained(in: window, UILabel()) as! UILabel
        left.text = "Hello"
        right.text = "Hello"
        let natural = left.intrinsicContentSize
        #expect(natural.width > 20 && natural.height > 10)
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            left.topAnchor.constraint(equalTo: window.topAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            right.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(left.frame.size == natural)
        #expect(right.frame.minX == natural.width)
        #expect(!left.hasAmbiguousLayout)

        let trailing = right.trailingAnchor.constraint(equalTo: window.trailingAnchor)
        trailing.isActive = true
        right.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        window.layoutIfNeeded()
        #expect(left.frame.width == natural.width)
        #expect(right.frame.maxX == 400)

        trailing.constant = -(400 - natural.width * 2 + 10)   // 10 points too narrow
        left.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        window.layoutIfNeeded()
        #expect(abs(left.frame.width - (natural.width - 10)) < 0.34)
        #expect(abs(right.frame.width - right.intrinsicContentSize.width) < 0.34)

        // New text: the intrinsic size changes and the layout follows.
        right.setContentHuggingPriority(.defaultLow, for: .horizontal)
        trailing.isActive = false
        left.text = "Hello, a longer text"
        window.layoutIfNeeded()
        #expect(left.frame.width == left.intrinsicContentSize.width)
        #expect(right.frame.minX == left.frame.maxX)
    }

    @Test func marginsAndGuides() {
        let window = makeWindow()
        let panel = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        window.addSubview(panel)
        let inner = constrained(in: panel)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: panel.layoutMarginsGuide.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: panel.layoutMarginsGuide.trailingAnchor),
            inner.topAnchor.constraint(equalTo: panel.safeAreaLayoutGuide.topAnchor),
            inner.bottomAnchor.constraint(equalTo: panel.safeAreaLayoutGuide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 8, y: 0, width: 184, height: 100))
        panel.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 10)
        window.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 20, y: 0, width: 170, height: 100))
        #expect(panel.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 0, width: 170, height: 100))

        // A guide of the user's spaces two views; margin attributes work directly too.
        let spacer = UILayoutGuide()
        panel.addLayoutGuide(spacer)
        let a = constrained(in: panel), b = constrained(in: panel)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: panel, attribute: .leadingMargin,
                               multiplier: 1, constant: 0),
            a.widthAnchor.constraint(equalToConstant: 30), b.widthAnchor.constraint(equalToConstant: 30),
            spacer.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            spacer.widthAnchor.constraint(equalToConstant: 12),
            b.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
            a.topAnchor.constraint(equalTo: panel.topAnchor), b.topAnchor.constraint(equalTo: panel.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 5), b.heightAnchor.constraint(equalTo: a.heightAnchor),
            spacer.topAnchor.constraint(equalTo: panel.topAnchor), spacer.heightAnchor.constraint(equalToConstant: 1),
        ])
        window.layoutIfNeeded()
        #expect(a.frame.minX == 20 && b.frame.minX == 62)
        #expect(spacer.layoutFrame == CGRect(x: 50, y: 0, width: 12, height: 1))
    }

    /// Views in different superviews: the constraint works in their common ancestor's
    /// coordinates.
    @Test func constraintsAcrossTheHierarchy() {
        let window = makeWindow()
        let column = UIView(frame: CGRect(x: 100, y: 20, width: 100, height: 300))
        window.addSubview(column)
        let header = constrained(in: window), cell = constrained(in: column)
        NSLayoutConstraint.activate([
            header.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 130),
            header.topAnchor.constraint(equalTo: window.topAnchor, constant: 200),
            header.widthAnchor.constraint(equalToConstant: 10), header.heightAnchor.constraint(equalToConstant: 10),
            cell.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            cell.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 5),
            cell.widthAnchor.constraint(equalTo: header.widthAnchor), cell.heightAnchor.constraint(equalTo: header.heightAnchor),
        ])
        #expect(window.constraints.count == 6)
        window.layoutIfNeeded()
        #expect(cell.frame == CGRect(x: 30, y: 195, width: 10, height: 10))
        #expect(cell.convert(CGPoint.zero, to: window) == CGPoint(x: 130, y: 215))

        // Taking the column out removes the constraints that tie it to the rest.
        column.removeFromSuperview()
        #expect(window.constraints.count == 2)
        #expect(header.constraints.count == 2)
        #expect(column.constraints.isEmpty && cell.constraints.isEmpty)
    }

    @Test func baselinesAlignAcrossFonts() {
        let window = makeWindow()
        let big = constrained(in: window, UILabel()) as! UILabel
        let small = constrained(in: window, UILabel()) as! UILabel
        big.text = "Big"
        big.font = .systemFont(ofSize: 40)
        small.text = "small"
        NSLayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: window.leadingAnchor), big.topAnchor.constraint(equalTo: window.topAnchor),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let bigBaseline = big.frame.midY + big.baselineOffsetsFromCenter!.first
        let smallBaseline = small.frame.midY + small.baselineOffsetsFromCenter!.first
        #expect(abs(bigBaseline - smallBaseline) < 0.34)
        #expect(small.frame.maxY < big.frame.maxY && small.frame.minY > big.frame.minY)
        // A view without text has its baseline at the bottom.
        let box = constrained(in: window)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor), box.widthAnchor.constraint(equalToConstant: 5),
            box.heightAnchor.constraint(equalToConstant: 5), box.lastBaselineAnchor.constraint(equalTo: window.topAnchor, constant: 300),
        ])
        window.layoutIfNeeded()
        #expect(box.frame.maxY == 300)
    }

    /// Changing a constant and laying out inside an animation block animates the change.
    @Test func aConstantChangeAnimatesInsideAnAnimationBlock() {
        let window = makeWindow()
        let box = constrained(in: window)
        let left = box.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 0)
        NSLayoutConstraint.activate([left, box.topAnchor.constraint(equalTo: window.topAnchor),
                                     box.widthAnchor.constraint(equalToConstant: 50), box.heightAnchor.constraint(equalToConstant: 50)])
        AnimationHost.shared.tick()
        #expect(box.frame.minX == 0)
        left.constant = 200
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { window.layoutIfNeeded() }
        #expect(box.frame.minX == 200)                 // the model is there at once
        AnimationHost.shared.tick()
        tick(at: 0.5)
        #expect(abs(box.shown.position.x - 125) < 0.01)   // the screen is halfway
        tick(at: 1)
        #expect(box.shown.position.x == 225)
    }

    @Test func pixelRoundingAtTheScreenScale() {
        let window = makeWindow()
        let box = constrained(in: window)
        NSLayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10.1),
            box.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 1.0 / 7),
            box.topAnchor.constraint(equalTo: window.topAnchor), box.heightAnchor.constraint(equalToConstant: 1),
        ])
        window.layoutIfNeeded()
        let scale = window.screen.scale
        #expect(box.frame.minX * scale == (10.1 * scale).rounded())
        #expect(box.frame.maxX * scale == ((10.1 + 400.0 / 7) * scale).rounded())
    }

    @Test func updateConstraintsRunsBeforeLayout() {
        final class Badge: UIView {
            var updates = 0
            override func updateConstraints() {
                updates += 1
                widthAnchor.constraint(equalToConstant: 44).isActive = true
                super.updateConstraints()
            }
        }
        let window = makeWindow()
        let badge = constrained(in: window, Badge()) as! Badge
        NSLayoutConstraint.activate([badge.leftAnchor.constraint(equalTo: window.leftAnchor),
                                     badge.topAnchor.constraint(equalTo: window.topAnchor),
                                     badge.heightAnchor.constraint(equalToConstant: 4)])
        badge.setNeedsUpdateConstraints()
        #expect(badge.needsUpdateConstraints())
        AnimationHost.shared.tick()
        #expect(badge.updates == 1 && !badge.needsUpdateConstraints())
        #expect(badge.frame.width == 44)
    }

    // MARK: Bad input

    @Test func contradictoryConstraintsAreReportedAndOneIsLeftOut() {
        let window = makeWindow()
        let box = constrained(in: window)
        let messages = collectingUIDiagnostics {
            NSLayoutConstraint.activate([box.leftAnchor.constraint(equalTo: window.leftAnchor),
                                         box.topAnchor.constraint(equalTo: window.topAnchor),
                                         box.heightAnchor.constraint(equalToConstant: 10),
                                         box.widthAnchor.constraint(equalToConstant: 100),
                                         box.widthAnchor.constraint(equalToConstant: 200)])
            window.layoutIfNeeded()
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(messages.first?.contains("width == 200") == true)
        #expect(box.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        // A fixed view's frame beats a user constraint on it.
        let fixed = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        window.addSubview(fixed)
        let fixedMessages = collectingUIDiagnostics {
            fixed.widthAnchor.constraint(equalToConstant: 60).isActive = true
            window.layoutIfNeeded()
        }
        #expect(fixedMessages.count == 1 && fixed.frame.width == 30)
    }

    @Test func ambiguousLayoutIsReportedOnce() {
        let window = makeWindow()
        let box = constrained(in: window)
        var messages = collectingUIDiagnostics {
            box.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 5).isActive = true
            box.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
            window.layoutIfNeeded()
            AnimationHost.shared.tick()
        }
        #expect(messages == ["Ambiguous layout: the constraints leave UIView's width, height open"])
        #expect(box.hasAmbiguousLayout)
        #expect(box.frame.minX == 5)
        messages = collectingUIDiagnostics {
            box.widthAnchor.constraint(equalToConstant: 1).isActive = true
            box.heightAnchor.constraint(equalToConstant: 1).isActive = true
            window.layoutIfNeeded()
        }
        #expect(messages.isEmpty && !box.hasAmbiguousLayout)
    }

    @Test func malformedConstraintsAreReportedAndStayInactive() {
        let window = makeWindow()
        let a = constrained(in: window), stranger = UIView()
        let cases: [(NSLayoutConstraint, String)] = [
            (NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                multiplier: 1, constant: 5), "location attribute can't equal a constant"),
            (NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: window, attribute: .top,
                                multiplier: 1, constant: 0), "same axis"),
            (NSLayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: window, attribute: .left,
                                multiplier: 1, constant: 0), "leading/trailing"),
            (NSLayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: window, attribute: .left,
                                multiplier: 0, constant: 0), "multiplier of 0"),
            (NSLayoutConstraint(item: "text", attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute,
                                multiplier: 1, constant: 0), "not a view"),
            (a.leftAnchor.constraint(equalTo: stranger.leftAnchor), "no common ancestor"),
        ]
        for (constraint, reason) in cases {
            let messages = collectingUIDiagnostics { constraint.isActive = true }
            #expect(messages.count == 1 && messages[0].contains(reason), "\(messages)")
            #expect(!constraint.isActive)
        }
        let constraint = a.widthAnchor.constraint(equalToConstant: 10)
        constraint.isActive = true
        let messages = collectingUIDiagnostics {
            constraint.priority = .defaultHigh      // required → not, while active
            constraint.priority = UILayoutPriority(0)
            constraint.constant = .nan
            stranger.addConstraint(constraint)      // doesn't hold the item
        }
        #expect(messages.count == 4)
        #expect(constraint.priority == .required && constraint.constant == 10 && constraint.isActive)
    }

    /// A layout pass looks for its engine only while some engine has changes waiting; an
    /// engine dropped with changes waiting (its hierarchy gone before any layout) must not
    /// stay counted.
    @Test func anEngineDroppedWithChangesWaitingIsNoLongerCounted() {
        let before = LayoutEngine.pendingCount
        do {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(box)
            NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 10)])
            #expect(LayoutEngine.pendingCount == before + 1)
        }
        #expect(LayoutEngine.pendingCount == before)
    }
}
