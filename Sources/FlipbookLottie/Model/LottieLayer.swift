import Foundation

/// One layer of a composition (lottie-spec's Layer): what it shows by type, when it is
/// shown, its transform and parent, its masks and track matte, and its time.
struct LottieLayer: Decodable, Sendable {
    enum Kind: Sendable {
        /// Another composition's layers (`ty` 0), from the asset `referenceID`.
        case precomposition(referenceID: String, width: Double?, height: Double?)
        /// A rectangle of one colour (`ty` 1), `#rrggbb`.
        case solid(color: String, width: Double, height: Double)
        /// A picture (`ty` 2) from the asset `referenceID`.
        case image(referenceID: String)
        /// Nothing drawn (`ty` 3): a parent for others.
        case null
        /// Shapes (`ty` 4).
        case shape([LottieShapeItem])
        /// Text (`ty` 5).
        case text(LottieTextDocument?)
        /// A type Flipbook does not draw: audio (6), camera (13), data (15) or unknown.
        case unsupported(type: Int)
    }

    var kind: Kind
    var name: String?
    /// The number other layers name as their `parent`.
    var index: Int?
    var parent: Int?
    /// The frame the layer appears at, in its composition's frames.
    var inPoint: Double
    /// The frame it disappears at.
    var outPoint: Double
    /// The composition frame its own frame 0 falls on.
    var startTime: Double
    /// How much longer its time runs than its composition's (2: half speed).
    var timeStretch: Double
    var transform: LottieTransform
    /// Turns the layer along its motion path.
    var autoOrient: Bool
    /// How the layer above mattes this one: 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    var matteMode: Int?
    /// Whether this layer is the matte of the layer below it.
    var isMatte: Bool
    /// The `index` of the layer whose matte this one uses, when the file names it.
    var matteParent: Int?
    var masks: [LottieMask]
    /// A precomposition's frame at each frame of the layer, in seconds.
    var timeRemap: LottieProperty<LottieScalar>?
    /// After Effects' blend mode number; 0 normal.
    var blendMode: Int
    /// Whether the layer is in 3-D (its turns are drawn, without perspective; reported).
    var is3D: Bool
    /// Its After Effects effects, in the order they apply (fills, tints and a drop shadow
    /// are drawn, the others that draw are reported).
    var effects: [LottieEffect]
    var hidden: Bool

    enum CodingKeys: String, CodingKey {
        case type = "ty", name = "nm", index = "ind", parent, inPoint = "ip", outPoint = "op", startTime = "st"
        case timeStretch = "sr", transform = "ks", autoOrient = "ao", matteMode = "tt", isMatte = "td", matteParent = "tp"
        case masks = "masksProperties", timeRemap = "tm", blendMode = "bm", is3D = "ddd", effects = "ef", hidden = "hd"
        case referenceID = "refId", width = "w", height = "h", solidColor = "sc", solidWidth = "sw", solidHeight = "sh"
        case shapes, text = "t"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(Int.self, forKey: .type)
        switch type {
        case 0:
            kind = .precomposition(referenceID: try container.decode(String.self, forKey: .referenceID),
                                   width: try container.decodeIfPresent(Double.self, forKey: .width),
                                   height: try container.decodeIfPresent(Double.self, forKey: .height))
        case 1:
            kind = .solid(color: try container.decodeIfPresent(String.self, forKey: .solidColor) ?? "#000000",
                          width: try container.decodeIfPresent(Double.self, forKey: .solidWidth) ?? 0,
                          height: try container.decodeIfPresent(Double.self, forKey: .solidHeight) ?? 0)
        case 2:
            kind = .image(referenceID: try container.decode(String.self, forKey: .referenceID))
        case 3:
            kind = .null
        case 4:
            kind = .shape(try container.decodeIfPresent([LottieShapeItem].self, forKey: .shapes) ?? [])
        case 5:
            kind = .text(try? container.decodeIfPresent(LottieTextDocument.self, forKey: .text))
        default:
            kind = .unsupported(type: type)
        }
        name = try container.decodeIfPresent(String.self, forKey: .name)
        index = try container.decodeIfPresent(Int.self, forKey: .index)
        parent = try container.decodeIfPresent(Int.self, forKey: .parent)
        inPoint = LottieFrame.asMeant(try container.decodeIfPresent(Double.self, forKey: .inPoint) ?? 0)
        outPoint = LottieFrame.asMeant(try container.decodeIfPresent(Double.self, forKey: .outPoint) ?? 0)
        startTime = LottieFrame.asMeant(try container.decodeIfPresent(Double.self, forKey: .startTime) ?? 0)
        timeStretch = try container.decodeIfPresent(Double.self, forKey: .timeStretch) ?? 1
        transform = try container.decodeIfPresent(LottieTransform.self, forKey: .transform) ?? LottieTransform()
        autoOrient = try container.decodeIfPresent(LottieFlag.self, forKey: .autoOrient)?.isSet ?? false
        matteMode = try container.decodeIfPresent(Int.self, forKey: .matteMode)
        isMatte = try container.decodeIfPresent(LottieFlag.self, forKey: .isMatte)?.isSet ?? false
        matteParent = try container.decodeIfPresent(Int.self, forKey: .matteParent)
        masks = try container.decodeIfPresent([LottieMask].self, forKey: .masks) ?? []
        timeRemap = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .timeRemap)
        blendMode = try container.decodeIfPresent(Int.self, forKey: .blendMode) ?? 0
        is3D = try container.decodeIfPresent(LottieFlag.self, forKey: .is3D)?.isSet ?? false
        effects = (try? container.decodeIfPresent([LottieEffect].self, forKey: .effects)) ?? []
        hidden = try container.decodeIfPresent(LottieFlag.self, forKey: .hidden)?.isSet ?? false
        guard [inPoint, outPoint, startTime, timeStretch].allSatisfy(\.isFinite), timeStretch != 0 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a layer's in and out points, start time and time stretch must be finite, the stretch not 0"))
        }
    }
}
