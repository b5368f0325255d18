import Foundation

/// An After Effects effect on a layer (`ef`): its kind, whether it is on, and its values
/// in the order After Effects lists them.
struct LottieEffect: Decodable, Sendable {
    /// lottie-spec's effect types: 5 a custom effect (expression controls: sliders, angles,
    /// colours, points, checkboxes, menus, layers), 20 tint, 21 fill, 22 stroke, 23
    /// tritone, 24 levels, 25 drop shadow, 26 radial wipe, 27 displacement map, 28 set
    /// matte, 29 Gaussian blur, 30 twirl, 31 mesh warp, 32 wavy, 33 spherize, 34 puppet.
    var type: Int
    /// Off when the file says 0 (`en`).
    var isEnabled: Bool
    /// Each value's property: a number (a slider, an angle, a checkbox, a menu, a layer
    /// index) as one dimension, a colour or a point as several.
    var values: [LottieProperty<LottieVector>?]

    enum CodingKeys: String, CodingKey {
        case type = "ty", enabled = "en", values = "ef"
    }

    /// One value of an effect: its property (`v`); nil when it is not a number or numbers
    /// (a layer reference by name, say), so the other values keep their places.
    private struct Value: Decodable {
        var property: LottieProperty<LottieVector>?
        enum CodingKeys: String, CodingKey { case property = "v" }

        init(from decoder: any Decoder) throws {
            property = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(LottieProperty<LottieVector>.self, forKey: .property)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(Int.self, forKey: .type) ?? 0
        isEnabled = try container.decodeIfPresent(LottieFlag.self, forKey: .enabled)?.isSet ?? true
        values = (try? container.decodeIfPresent([Value].self, forKey: .values))?.map(\.property) ?? []
    }

    /// The property of value `index`, if the effect has one there.
    subscript(index: Int) -> LottieProperty<LottieVector>? {
        values.indices.contains(index) ? values[index] : nil
    }

    /// Whether it is After Effects' Drop Shadow (ADBE Drop Shadow).
    var isDropShadow: Bool { type == 25 }

    /// Whether it is After Effects' Fill (ADBE Fill).
    var isFill: Bool { type == 21 }

    /// Whether it is After Effects' Tint (ADBE Tint).
    var isTint: Bool { type == 20 }

    /// Whether a drop shadow draws the shadow alone (its sixth value, "Shadow Only"), which
    /// a layer's shadow cannot.
    var showsShadowOnly: Bool { isDropShadow && (self[5]?.initialValue[0, default: 0] ?? 0) != 0 }

    /// The effect's kind in words, for reports.
    var kind: String {
        [20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "levels", 25: "drop shadow", 26: "radial wipe", 27: "displacement map",
         28: "set matte", 29: "Gaussian blur", 30: "twirl", 31: "mesh warp", 32: "wavy", 33: "spherize", 34: "puppet"][type] ?? "type \(type)"
    }

    /// Whether the effect changes what the layer draws: on, and not a custom effect, whose
    /// expression controls only feed expressions (lottie-web, ThorVG and rlottie draw
    /// nothing for them).
    var draws: Bool { isEnabled && type != 5 }
}
