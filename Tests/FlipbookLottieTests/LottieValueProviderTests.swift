import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// lottie-ios's value providers: a keypath of layer, group and item names with `*` for any
/// one name and `**` for any number (lottie-ios's `AnimationKeypath` documentation), and a
/// `ColorValueProvider` that replaces the colour it names for the whole animation.
@MainActor
@Suite(.serialized) struct LottieValueProviderTests {
    @Test(arguments: [
        ("Layer.Group.Fill 1.Color", true), ("Layer.*.Fill 1.Color", true), ("**.Color", true), ("**.Fill 1.Color", true),
        ("Layer.**.Color", true), ("**", true), ("*.Color", false), ("Layer.Group.Fill 1", false), ("Other.**.Color", false),
        ("Layer.Group.Stroke 1.Color", false), ("Layer.Group.Fill 1.Color.More", false),
    ])
    func keypathsMatchAsLottieIOSDocumentsThem(keypath: String, matches: Bool) {
        #expect(AnimationKeypath(keypath: keypath).matches(["Layer", "Group", "Fill 1", "Color"]) == matches)
    }

    /// `Fixtures/semantics.json` in a view of its size at frame 0.
    private func view() throws -> LottieAnimationView {
        AnimationHost.shared.reset(time: 0)
        let view = LottieAnimationView(animation: try LottieSemanticsTests.animation())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.addSubview(view)
        view.frame = window.bounds
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return view
    }

    private func frame(of view: LottieAnimationView) throws -> CGImage {
        AnimationHost.shared.tick()
        return try CARenderer(layer: view.layer, bounds: view.bounds).render(at: CACurrentMediaTime())
    }

    @Test func aColourProviderRecoloursTheFillItNames() throws {
        let view = try view()
        #expect(try frame(of: view).pixel(40, 60) == [51, 51, 204, 255], "the mirrored square's own blue")
        view.setValueProvider(ColorValueProvider(UIColor(red: 0, green: 0.6, blue: 0.2, alpha: 1).lottieColorValue),
                              keypath: AnimationKeypath(keypath: "mirrored.Fill 1.Color"))
        let recoloured = try frame(of: view)
        #expect(recoloured.pixel(40, 60) == [0, 153, 51, 255])
        #expect(recoloured.pixel(20, 20) == [204, 51, 51, 255], "the red square keeps its colour")
    }

    @Test func aWildcardReachesEveryColourAndOutlastsANewAnimation() throws {
        let view = try view()
        let black = LottieColor(r: 0, g: 0, b: 0, a: 1)
        view.setValueProvider(ColorValueProvider(black), keypath: AnimationKeypath(keypath: "**.Color"))
        view.animation = try LottieSemanticsTests.animation()
        let frame = try frame(of: view)
        #expect(frame.pixel(40, 60) == [0, 0, 0, 255] && frame.pixel(20, 20) == [0, 0, 0, 255])
    }

    @Test func aKeypathThatNamesNothingIsReported() throws {
        let view = try view()
        let heard = collectingDiagnostics(from: LottieDiagnostics.channel) {
            view.setValueProvider(ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)), keypath: AnimationKeypath(keypath: "nothing.Color"))
        }
        #expect(heard == ["Lottie keypath nothing.Color names no fill or stroke colour"])
    }

    @Test func aDictionaryGivesTextByWholeKeypathThenByName() {
        let provider = DictionaryTextProvider(["Card.Title": "whole", "Title": "name"])
        #expect(provider.text(for: AnimationKeypath(keypath: "Card.Title"), sourceText: "file") == "whole")
        #expect(provider.text(for: AnimationKeypath(keypath: "Other.Title"), sourceText: "file") == "name")
        #expect(provider.text(for: AnimationKeypath(keypath: "Card.Caption"), sourceText: "file") == nil)
    }

    @Test func aTextProviderReplacesTheTextALayerShows() throws {
        func animation(_ text: String) throws -> LottieAnimation {
            let json = #"{"fr":30,"ip":0,"op":30,"w":120,"h":60,"layers":[{"ty":5,"nm":"Title","ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,40]}},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"DejaVu Sans","s":30,"fc":[0,0,0],"j":0}}]}}}]}"#
            return try LottieAnimation.from(data: Data(json.utf8))
        }
        func frame(_ animation: LottieAnimation, provider: AnimationKeypathTextProvider?) throws -> CGImage {
            AnimationHost.shared.reset(time: 0)
            let view = LottieAnimationView(animation: animation)
            view.textProvider = provider
            view.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
            AnimationHost.shared.tick()
            return try CARenderer(layer: view.layer, bounds: view.bounds).render(at: CACurrentMediaTime())
        }
        let replaced = try frame(try animation("HI"), provider: DictionaryTextProvider(["Title": "WOW"]))
        let written = try frame(try animation("WOW"), provider: nil)
        let original = try frame(try animation("HI"), provider: nil)
        #expect(replaced.premultipliedBytes == written.premultipliedBytes)
        #expect(replaced.premultipliedBytes != original.premultipliedBytes)
    }
}
