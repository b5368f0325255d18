import ArgumentParser
import Flipbook
import FlipbookGallery

/// `flipbook list`: the gallery's scenes.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the gallery's scenes.")

    func run() {
        let width = Gallery.scenes.map(\.name.count).max() ?? 0
        for scene in Gallery.scenes {
            let size = "\(Int(scene.size.width))×\(Int(scene.size.height))"
            print(scene.name.padding(toLength: width, withPad: " ", startingAt: 0), size.padding(toLength: 8, withPad: " ", startingAt: 0),
                  scene.title)
            print(String(repeating: " ", count: width + 10) + scene.summary)
        }
    }
}
