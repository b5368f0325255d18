import FlipbookAnimation
import FlipbookLottie
import FlipbookUI
import Foundation

extension Gallery {
    /// A Lottie animation Flipbook's authors drew, played by `LottieAnimationView`.
    static let lottieScene = GalleryScene(
        name: "lottie", title: "Lottie · LottieAnimationView",
        summary: "A Bodymovin file played as iOS plays it: a ball falls, squashes and bounces, a ring draws itself "
            + "and a star turns, every shape a Core Animation layer.",
        size: CGSize(width: 240, height: 240)
    ) { size, _ in
        // The file parses: it is part of Flipbook and tested.
        let animation = try! LottieAnimation.from(data: Data(bouncingBall.utf8))
        let view = LottieAnimationView(animation: animation)
        view.loopMode = .loop
        return windowStage(size: size, duration: animation.duration, view: view) { _ in view.play() }
    }

    /// The bouncing ball: 240 × 240 points, 60 frames at 30 a second, drawn with shapes,
    /// a radial gradient, a trim path and eased, squashing keyframes.
    static let bouncingBall = #"""
        {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":240,"h":240,"nm":"Bouncing ball","ddd":0,"assets":[],"layers":[{"ddd":0,
        "ind":1,"ty":4,"nm":"star","ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":1,"k":[{"t":0,"s":[0],
        "o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":60,"s":[144]}]},"p":{"a":0,"k":[196,44]},"a":{"a":0,
        "k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[0,
        0]},"r":{"a":0,"k":0},"or":{"a":0,"k":16},"ir":{"a":0,"k":7},"os":{"a":0,"k":0},"is":{"a":0,"k":0},"d":1},
        {"ty":"fl","c":{"a":0,"k":[1,0.82,0.25,1]},"o":{"a":0,"k":100}}]},{"ddd":0,"ind":2,"ty":4,"nm":"ball",
        "ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":1,"k":[{"t":0,"s":[120,60],
        "o":{"x":[0.55],"y":[0]},"i":{"x":[0.9],"y":[0.5]}},{"t":26,"s":[120,168],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],
        "y":[1]}},{"t":30,"s":[120,168],"o":{"x":[0.1],"y":[0.5]},"i":{"x":[0.45],"y":[1]}},{"t":56,"s":[120,
        60]}]},"a":{"a":0,"k":[0,22]},"s":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],
        "y":[1]}},{"t":24,"s":[92,110],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":28,"s":[125,78],
        "o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":32,"s":[92,110],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],
        "y":[1]}},{"t":40,"s":[100,100]}]}},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,
        "k":[44,44]}},{"ty":"gf","o":{"a":0,"k":100},"r":1,"t":2,"s":{"a":0,"k":[-8,-10]},"e":{"a":0,"k":[22,
        0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0.55,0.45,1,0.85,0.2,0.25]}}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,
        "k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]},{"ddd":0,"ind":3,"ty":4,
        "nm":"shadow","ip":0,"op":60,"st":0,"ks":{"o":{"a":1,"k":[{"t":0,"s":[25],"o":{"x":[0.55],"y":[0]},"i":{"x":[0.9],
        "y":[0.5]}},{"t":27,"s":[45],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":30,"s":[45],"o":{"x":[0.1],
        "y":[0.5]},"i":{"x":[0.45],"y":[1]}},{"t":56,"s":[25]}]},"r":{"a":0,"k":0},"p":{"a":0,"k":[120,196]},
        "a":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[40,40],"o":{"x":[0.55],"y":[0]},"i":{"x":[0.9],"y":[0.5]}},
        {"t":27,"s":[100,100],"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}},{"t":30,"s":[100,100],"o":{"x":[0.1],
        "y":[0.5]},"i":{"x":[0.45],"y":[1]}},{"t":56,"s":[40,40]}]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},
        "s":{"a":0,"k":[60,12]}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]},{"ddd":0,"ind":4,
        "ty":4,"nm":"ring","ip":0,"op":60,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[120,
        120]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,
        "k":[200,200]}},{"ty":"st","c":{"a":0,"k":[0.35,0.75,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":6},"lc":2,
        "lj":2},{"ty":"tm","s":{"a":1,"k":[{"t":20,"s":[0],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},{"t":56,
        "s":[100]}]},"e":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},{"t":36,
        "s":[100]}]},"o":{"a":0,"k":0},"m":1}]},{"ddd":0,"ind":5,"ty":1,"nm":"night","ip":0,"op":60,"st":0,"ks":{"o":{"a":0,
        "k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},"sc":"#16213e",
        "sw":240,"sh":240}]}
        """#
}
