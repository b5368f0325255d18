@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// The model reads lottie-spec's structures in every form files write them, and refuses
/// what cannot play with a typed error naming the place.
@Suite struct LottieModelTests {
    /// A 200 × 100 animation at 30 frames a second over 60 frames, with `layers` and `assets`.
    static func animation(layers: String, assets: String = "[]", extra: String = "") -> String {
        #"{"v":"5.9.0","fr":30,"ip":0,"op":60,"w":200,"h":100,"nm":"test","layers":\#(layers),"assets":\#(assets)\#(extra)}"#
    }

    static func read(_ json: String) throws(LottieError) -> LottieAnimation {
        try LottieAnimation.from(data: Data(json.utf8))
    }

    @Test func theCompositionsNumbers() throws {
        let animation = try Self.read(Self.animation(layers: "[]", extra: #","markers":[{"cm":"intro","tm":0,"dr":10},{"cm":"loop","tm":10,"dr":50}]"#))
        #expect(animation.size == CGSize(width: 200, height: 100) && animation.framerate == 30)
        #expect(animation.startFrame == 0 && animation.endFrame == 60 && animation.duration == 2)
        #expect(animation.version == "5.9.0" && animation.name == "test" && animation.markerNames == ["intro", "loop"])
    }

    /// Bodymovin writes a layer's in and out points and start time, and keyframes' times,
    /// as frames it computed from seconds (lottie-web's bm_ronda.json: in at
    /// 145.000005905971 inside a precomposition starting at 40.0000016292334; ThorVG's
    /// test.lot: a trim's last keyframe at 30.0000012219251): one within a thousandth of a
    /// whole frame is read as that frame, so the layer is in at the frame it was put at (as
    /// ThorVG draws it), not one frame later, and a keyframe's value holds from its frame.
    @Test func framesNearlyWholeAreWhole() throws {
        let table: [(written: Double, read: Double)] = [
            (145.000005905971, 145), (40.0000016292334, 40), (-2.0000001, -2), (10.0009, 10), (9.9991, 10),
            (10.0011, 10.0011), (29.97, 29.97), (0.5, 0.5), (0, 0),
        ]
        for (written, read) in table {
            let turn = #"{"a":1,"k":[{"t":\#(written),"s":[0]},{"t":\#(written + 20),"s":[90]}]}"#
            let layer = #"[{"ty":3,"ind":1,"ip":\#(written),"op":\#(written + 20),"st":\#(written),"ks":{"r":\#(turn)}}]"#
            let animation = try Self.read(Self.animation(layers: layer))
            let model = try #require(animation.layers.first)
            #expect(model.inPoint == read && model.startTime == read && model.outPoint == read + 20, "\(written)")
            guard case .keyframes(let turns)? = model.transform.rotation?.content else { Issue.record("rotation not keyframed"); continue }
            #expect(turns.map(\.time) == [read, read + 20], "\(written)")
        }
    }

    @Test func propertiesInEveryForm() throws {
        let layer = #"""
        [{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{
          "o":{"a":0,"k":[80]},
          "r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":30,"s":[90],"h":1},{"t":60,"s":[180]}]},
          "p":{"s":true,"x":{"a":0,"k":50},"y":{"a":1,"k":[{"t":0,"s":[10]},{"t":60,"s":[90]}]}},
          "a":{"k":[5,5,0]},
          "s":{"a":1,"k":[{"t":0,"s":[100,100],"e":[50,150],"o":{"x":0.2,"y":0.1},"i":{"x":0.8,"y":0.9}},{"t":60}]}
        }}]
        """#
        let animation = try Self.read(Self.animation(layers: layer))
        let transform = try #require(animation.layers.first).transform
        #expect(transform.opacity?.initialValue == LottieScalar(80) && transform.opacity?.isAnimated == false)
        guard case .keyframes(let turns)? = transform.rotation?.content else { Issue.record("rotation not keyframed"); return }
        #expect(turns.map(\.time) == [0, 30, 60] && turns.map(\.hold) == [false, true, false])
        #expect(turns[0].outEasing == LottieEasing(x: [0.3], y: [0]) && turns[0].inEasing == LottieEasing(x: [0.7], y: [1]))
        guard case let .split(x, y)? = transform.position else { Issue.record("position not split"); return }
        #expect(x.initialValue == LottieScalar(50) && y.isAnimated)
        // Without "a", a bare array is a value, not keyframes.
        #expect(transform.anchor?.initialValue == LottieVector([5, 5, 0]))
        // Bodymovin before 5.5: end values on each keyframe, a last keyframe with a time only.
        guard case .keyframes(let scales)? = transform.scale?.content else { Issue.record("scale not keyframed"); return }
        #expect(scales[0].end == LottieVector([50, 150]) && scales[1].start == nil)
        let scaleEasing = try #require(scales[0].outEasing)
        #expect(scaleEasing.x == [0.2] && scaleEasing.point(1) == (x: 0.2, y: 0.1), "one handle serves every dimension")
    }

    @Test func everyShapeItem() throws {
        let bezier = #"{"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}"#
        let shapes = #"""
        [{"ty":"gr","nm":"group","it":[
            {"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":4}},
            {"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}},
            {"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"or":{"a":0,"k":20},"os":{"a":0,"k":0},"ir":{"a":0,"k":10},"is":{"a":0,"k":0}},
            {"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(bezier)]},{"t":30,"s":[\#(bezier)]}]}},
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":2},
            {"ty":"st","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":3,"ml":4,
             "d":[{"n":"d","v":{"a":0,"k":6}},{"n":"g","v":{"a":0,"k":2}},{"n":"o","v":{"a":0,"k":1}}]},
            {"ty":"gf","g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"t":2,
             "h":{"a":0,"k":20},"a":{"a":0,"k":45},"o":{"a":0,"k":100}},
            {"ty":"gs","g":{"p":2,"k":{"a":0,"k":[0,1,1,1,1,0,0,0]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"t":1,"w":{"a":0,"k":2},"o":{"a":0,"k":100}},
            {"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0},"m":2},
            {"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[10,0]},"so":{"a":0,"k":100},"eo":{"a":0,"k":30}}},
            {"ty":"mm","mm":4},
            {"ty":"rd","r":{"a":0,"k":5}},
            {"ty":"op","a":{"a":0,"k":[5]},"lj":2,"ml":4},
            {"ty":"pb","a":{"a":0,"k":-20}},
            {"ty":"zz","nm":"zig"},
            {"ty":"tr","p":{"a":0,"k":[100,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}
        ]}]
        """#
        let layer = #"[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":\#(shapes)}]"#
        let animation = try Self.read(Self.animation(layers: layer))
        guard case .shape(let items) = try #require(animation.layers.first).kind, case .group(let group)? = items.first else {
            Issue.record("no shape group"); return
        }
        let kinds = (group.items ?? []).map { item -> String in
            switch item {
            case .group: "group"
            case .rectangle: "rectangle"
            case .ellipse: "ellipse"
            case .polystar: "polystar"
            case .path: "path"
            case .fill(let fill): "fill \(fill.fillRule ?? 0)"
            case .stroke(let stroke): "stroke \(stroke.line.lineCap ?? 0) \(stroke.line.lineJoin ?? 0) \((stroke.line.dashes ?? []).map(\.kind.rawValue).joined())"
            case .gradientFill(let gradient): "gradient fill \(gradient.paint.gradient.colorStopCount) \(gradient.paint.gradientType ?? 0)"
            case .gradientStroke: "gradient stroke"
            case .trim(let trim): "trim \(trim.mode ?? 0)"
            case .repeater(let repeater): "repeater \(repeater.transform?.endOpacity?.initialValue.value ?? -1)"
            case .merge(let merge): "merge \(merge.mode ?? 0)"
            case .roundedCorners: "rounded corners"
            case .offsetPath(let offset): "offset \(offset.amount?.initialValue.value ?? 0) \(offset.lineJoin ?? 0)"
            case .puckerBloat(let modifier): "pucker \(modifier.amount?.initialValue.value ?? 0)"
            case .transform: "transform"
            case let .unsupported(type, name): "unsupported \(type) \(name ?? "")"
            }
        }
        #expect(kinds == ["rectangle", "ellipse", "polystar", "path", "fill 2", "stroke 2 3 dgo", "gradient fill 2 2", "gradient stroke",
                          "trim 2", "repeater 30.0", "merge 4", "rounded corners", "offset 5.0 2", "pucker -20.0", "unsupported zz zig", "transform"])
    }

    @Test func layersOfEveryKindWithMasksMattesAndTime() throws {
        let bezier = #"{"c":true,"v":[[0,0],[50,0],[50,50]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}"#
        let layers = #"""
        [{"ty":1,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"sc":"#336699","sw":200,"sh":100,"td":1},
         {"ty":0,"ind":2,"parent":3,"ip":5,"op":50,"st":-10,"sr":2,"ks":{},"refId":"comp","w":200,"h":100,"tt":3,
          "tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":60,"s":[1]}]},
          "masksProperties":[{"mode":"s","inv":true,"pt":{"a":0,"k":\#(bezier)},"o":{"a":0,"k":50},"x":{"a":0,"k":4}}]},
         {"ty":3,"ind":3,"ip":0,"op":60,"st":0,"ks":{},"ao":1},
         {"ty":2,"ind":4,"ip":0,"op":60,"st":0,"ks":{},"refId":"picture","ef":[{"ty":5}],"ddd":1},
         {"ty":5,"ind":5,"ip":0,"op":60,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hello","f":"Sans","s":24,"fc":[1,0,0],"j":2}}]}}},
         {"ty":6,"ind":6,"ip":0,"op":60,"st":0,"ks":{}}]
        """#
        let assets = #"[{"id":"comp","layers":[{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{}}]},{"id":"picture","w":10,"h":10,"u":"images/","p":"a.png","e":0}]"#
        let animation = try Self.read(Self.animation(layers: layers, assets: assets))
        let all = animation.layers
        #expect(all.count == 6)
        guard case let .solid(color, width, height) = all[0].kind else { Issue.record("no solid"); return }
        #expect(color == "#336699" && width == 200 && height == 100 && all[0].isMatte)
        guard case let .precomposition(id, _, _) = all[1].kind else { Issue.record("no precomposition"); return }
        #expect(id == "comp" && all[1].parent == 3 && all[1].matteMode == 3 && all[1].timeStretch == 2 && all[1].startTime == -10)
        #expect(all[1].timeRemap?.isAnimated == true && all[1].inPoint == 5 && all[1].outPoint == 50)
        let mask = try #require(all[1].masks.first)
        #expect(mask.mode == .subtract && mask.inverted && mask.opacity?.initialValue == LottieScalar(50))
        #expect(mask.path.initialValue.vertices == [[0, 0], [50, 0], [50, 50]] && mask.path.initialValue.closed)
        #expect(all[2].autoOrient)
        #expect(all[3].effects.map(\.type) == [5] && !all[3].effects[0].draws && all[3].is3D && all[2].effects.isEmpty)
        guard case .text(let document?) = all[4].kind else { Issue.record("no text"); return }
        #expect(document.text == "Hello" && document.fontSize == 24 && document.justification == 2 && document.fillColor == [1, 0, 0])
        guard case .unsupported(let type) = all[5].kind else { Issue.record("audio read as something else"); return }
        #expect(type == 6)
        #expect(animation.assets.map(\.id) == ["comp", "picture"] && animation.assets[1].path == "a.png")
    }

    @Test(arguments: [
        ("{", "not a Lottie animation: The given data was not valid JSON."),
        (#"{"fr":30,"ip":0,"op":60,"w":100,"h":100}"#, #"not a Lottie animation: no "layers" at the top level"#),
        (#"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ks":{"o":{"a":1,"k":[]}}}]}"#,
         "not a Lottie animation: an animated property without keyframes at .layers[0].ks.o.k"),
        (#"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ks":{"o":{"a":1,"k":[{"t":10,"s":[1]},{"t":5,"s":[2]}]}}}]}"#,
         "not a Lottie animation: keyframes out of order of frame at .layers[0].ks.o.k"),
        (#"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"shapes":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0]],"i":[],"o":[]}}}]}]}"#,
         "not a Lottie animation: a path needs one in and one out tangent of two numbers for each vertex at .layers[0].shapes[0].ks.k"),
    ])
    func malformedFilesAreRefusedWithThePlace(json: String, message: String) {
        #expect(throws: LottieError.self) { try Self.read(json) }
        do { _ = try Self.read(json) } catch { #expect(error.description.hasPrefix(message), "\(error.description)") }
    }

    @Test func absurdNumbersAreRefused() {
        #expect(throws: LottieError.invalidSize(width: 0, height: 100)) {
            try Self.read(#"{"fr":30,"ip":0,"op":60,"w":0,"h":100,"layers":[]}"#)
        }
        #expect(throws: LottieError.invalidSize(width: 1e9, height: 100)) {
            try Self.read(#"{"fr":30,"ip":0,"op":60,"w":1e9,"h":100,"layers":[]}"#)
        }
        #expect(throws: LottieError.invalidFrameRate(1e6)) {
            try Self.read(#"{"fr":1e6,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)
        }
        #expect(throws: LottieError.invalidFrameRate(0)) {
            try Self.read(#"{"fr":0,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)
        }
        #expect(throws: LottieError.invalidFrameRange(inPoint: 0, outPoint: 1e12)) {
            try Self.read(#"{"fr":30,"ip":0,"op":1e12,"w":10,"h":10,"layers":[]}"#)
        }
        #expect(throws: LottieError.invalidFrameRange(inPoint: 60, outPoint: 60)) {
            try Self.read(#"{"fr":30,"ip":60,"op":60,"w":10,"h":10,"layers":[]}"#)
        }
    }

    @Test func aParentingCycleIsRefused() {
        let layers = #"[{"ty":3,"ind":1,"parent":3,"ks":{}},{"ty":3,"ind":2,"ks":{}},{"ty":3,"ind":3,"parent":1,"ks":{}}]"#
        #expect(throws: LottieError.parentingCycle(layerIndex: 1)) { try Self.read(Self.animation(layers: layers)) }
        let selfParent = #"[{"ty":3,"ind":7,"parent":7,"ks":{}}]"#
        #expect(throws: LottieError.parentingCycle(layerIndex: 7)) { try Self.read(Self.animation(layers: selfParent)) }
        // A parent that does not exist is not a cycle: the layer is drawn without it.
        #expect((try? Self.read(Self.animation(layers: #"[{"ty":3,"ind":1,"parent":9,"ks":{}}]"#))) != nil)
    }

    @Test func aPrecompositionThatContainsItselfIsRefused() {
        let precomp = { (id: String) in #"{"ty":0,"ind":1,"refId":"\#(id)","ks":{}}"# }
        let itself = #"[{"id":"a","layers":[\#(precomp("a"))]}]"#
        #expect(throws: LottieError.precompositionCycle(assetID: "a")) {
            try Self.read(Self.animation(layers: "[\(precomp("a"))]", assets: itself))
        }
        let round = #"[{"id":"a","layers":[\#(precomp("b"))]},{"id":"b","layers":[\#(precomp("a"))]}]"#
        #expect(throws: LottieError.precompositionCycle(assetID: "a")) {
            try Self.read(Self.animation(layers: "[\(precomp("a"))]", assets: round))
        }
        // Shown twice, but not inside itself.
        let twice = #"[{"id":"a","layers":[\#(precomp("b")),\#(precomp("b"))]},{"id":"b","layers":[]}]"#
        #expect((try? Self.read(Self.animation(layers: "[\(precomp("a"))]", assets: twice))) != nil)
    }
}

/// What the builder leaves out is listed, by feature and layer, and reported when it builds.
@Suite struct LottieFeatureTests {
    @Test func unsupportedFeaturesNameTheLayers() throws {
        let layers = #"""
        [{"ty":4,"ind":1,"nm":"stars","ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100,"x":"wiggle(2, 10)"}},
          "shapes":[{"ty":"gr","it":[{"ty":"sr","sy":1,"pt":{"a":0,"k":5}},{"ty":"tm"},{"ty":"zz","nm":"zig"}]}],
          "ef":[{"ty":5},{"ty":29,"nm":"Gaussian Blur"},{"ty":20,"en":0}]},
         {"ty":2,"ind":2,"nm":"photo","refId":"p","ip":0,"op":60,"st":0,"ks":{},"ddd":1,"tt":1,
          "masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[],"i":[],"o":[]}}}]},
         {"ty":13,"ind":3,"nm":"camera","ip":0,"op":60,"st":0,"ks":{}},
         {"ty":3,"ind":5,"nm":"curve","ip":0,"op":60,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0],"to":[10,0],"ti":[0,10]},{"t":10,"s":[20,20]}]}}},
         {"ty":4,"ind":4,"nm":"plain","ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"rc"},{"ty":"fl","c":{"a":0,"k":[1,0,0]}}]}]
        """#
        let animation = try LottieModelTests.read(LottieModelTests.animation(layers: layers))
        #expect(animation.unsupportedFeatures == [
            "expressions: 1 properties (their keyframes play)",
            "3-D layers (drawn without perspective): “photo”",
            "effects (Gaussian blur): “stars”",
            "layers of type 13 (camera): “camera”",
            "shape items of type \"zz\": “stars”",
        ])
        let reported = collectingDiagnostics(from: LottieDiagnostics.channel) { _ = LottieLayerBuilder(animation: animation).makeLayer() }
            .filter { $0.hasPrefix("Lottie “test”") }
        #expect(reported.count == 5 && reported.first == "Lottie “test” does not draw expressions: 1 properties (their keyframes play)")
        #expect(try LottieModelTests.read(LottieModelTests.animation(layers: "[]")).unsupportedFeatures.isEmpty)
    }

    /// An expression is a property's `"x"` holding text (lottie-spec's animated property);
    /// an easing's `"x"` holds numbers, and `"ix"` or an escaped quote is no such key.
    @Test(arguments: [
        (#"{"o":{"a":0,"k":100,"x":"wiggle(2, 10)"}}"#, 1),
        ("{\"x\" :\n\t \"time\"}", 1),
        (#"{"p":{"x":"a","k":0},"r":{"x":"b"}}"#, 2),
        (#"{"o":{"x":[0.167],"y":[0.167]},"i":{"x":0.5}}"#, 0),
        (#"{"ix":"2","nm":"\"x\":\"quoted\""}"#, 0),
        (#"{"x":"#, 0),
        (#"{"x"   :"#, 0),
    ])
    func expressionsAreTextInAnXKey(json: String, count: Int) {
        #expect(LottieAnimation.expressions(in: Data(json.utf8)) == count, "\(json)")
    }
}
