import Flipbook
import Foundation

/// One example of Apple's own Core Image output: a folder `<FilterName>/<ID>/` holding the
/// inputs as PNG files, `metadata.json` with the parameters, and Apple's `outputImage.png`
/// (the layout `../shared/reference/coreimage/README.md` describes).
struct ReferenceExample {
    let filterName: String
    let id: String
    let folder: URL
    /// The filter's inputs as Core Image takes them: numbers, `CIVector`s, `CIColor`s and
    /// `CIImage`s.
    let parameters: [String: Any]
    /// Apple's output.
    let output: CGImage

    /// The rectangle Apple rendered (`createCGImage(output, from: output.extent)`), in Core
    /// Image coordinates. The PNG's size is the extent's in whole pixels; where the extent
    /// was not the inputs' rectangle, the reference's README gives the origin it registered
    /// (keyed here by the example's ID) — except for the accordion fold, whose extent is
    /// fractional: Core Image moves the output's centre from the source's to the target's
    /// (the arguments its filter gives its kernels, shown by a public disassembly), which
    /// puts it at (−125.75, 0, 1500, 1028.19), 1501 × 1029 pixels laid from its top-left
    /// corner (a registration by content, the README's "about (0, −1)", cannot tell).
    var appleExtent: CGRect {
        if id.hasPrefix("F17F1CC7") {
            let t = 0.49699938297271729  // a 1000 × 562 source under a 1500 × 1500 target
            return CGRect(x: 500 + t * 250 - 750, y: 0, width: 1500, height: 562 + t * 938)
        }
        let origin = Self.registeredOrigins.first { id.hasPrefix($0.key) }?.value ?? .zero
        return CGRect(x: origin.x, y: origin.y, width: CGFloat(output.width), height: CGFloat(output.height))
    }

    private static let registeredOrigins: [String: CGPoint] = [
        "F2E76407": CGPoint(x: -1117, y: 0),     // CIPageCurlTransition
        "213A5CB5": CGPoint(x: -1108, y: -244),  // CIPageCurlWithShadowTransition
    ]

    /// Every example under `root`, by filter name then ID.
    static func all(under root: URL) throws -> [ReferenceExample] {
        let files = FileManager.default
        var examples: [ReferenceExample] = []
        for filter in try files.contentsOfDirectory(atPath: root.path).sorted() {
            let filterFolder = root.appendingPathComponent(filter)
            guard let ids = try? files.contentsOfDirectory(atPath: filterFolder.path) else { continue }
            for id in ids.sorted() {
                let folder = filterFolder.appendingPathComponent(id)
                guard files.fileExists(atPath: folder.appendingPathComponent("metadata.json").path) else { continue }
                examples.append(try ReferenceExample(filterName: filter, id: id, folder: folder))
            }
        }
        return examples
    }

    init(filterName: String, id: String, folder: URL) throws {
        (self.filterName, self.id, self.folder) = (filterName, id, folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("metadata.json"))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let values = json["parameterValues"] as? [[String: Any]]
        else { throw ReferenceError.unreadable(folder.path) }
        var parameters: [String: Any] = [:]
        for entry in values {
            guard let name = entry["name"] as? String, let type = entry["type"] as? String, name != "outputImage" else { continue }
            let detail = entry["additionalData"]
            switch type {
            case "number":
                guard let value = (detail as? [String: Any])?["value"] as? Double else { throw ReferenceError.unreadable("\(folder.path): \(name)") }
                parameters[name] = value
            case "vector":
                guard let value = (detail as? [String: Any])?["value"] as? [Double] else { throw ReferenceError.unreadable("\(folder.path): \(name)") }
                parameters[name] = CIVector(values: value.map { CGFloat($0) })
            case "color":
                guard let hex = detail as? String, let color = Self.color(hex) else { throw ReferenceError.unreadable("\(folder.path): \(name)") }
                parameters[name] = color
            case "image":
                guard let file = (detail as? [String: Any])?["image"] as? String else { throw ReferenceError.unreadable("\(folder.path): \(name)") }
                parameters[name] = CIImage(cgImage: try CGImage.read(contentsOf: folder.appendingPathComponent(file)))
            default:
                throw ReferenceError.unreadable("\(folder.path): \(name) of type \(type)")
            }
        }
        self.parameters = parameters
        output = try CGImage.read(contentsOf: folder.appendingPathComponent("outputImage.png"))
    }

    /// `#rrggbbaa` as sRGB components / 255.
    private static func color(_ hex: String) -> CIColor? {
        guard hex.hasPrefix("#"), hex.count == 9, let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        func component(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xFF) / 255 }
        return CIColor(red: component(24), green: component(16), blue: component(8), alpha: component(0))
    }

    /// Flipbook's output for the example, made as Apple's was: the filter's output, cropped
    /// to (0, 0, 500, 500) when its extent is infinite.
    func flipbookOutput() throws -> CIImage {
        guard let filter = CIFilter(name: filterName) else { throw ReferenceError.unknownFilter(filterName) }
        for (key, value) in parameters { filter.setValue(value, forKey: key) }
        guard let output = filter.outputImage else { throw ReferenceError.noOutput(filterName) }
        return output.extent.isInfinite ? output.cropped(to: CGRect(x: 0, y: 0, width: 500, height: 500)) : output
    }
}
