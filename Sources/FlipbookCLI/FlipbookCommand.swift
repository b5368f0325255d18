import ArgumentParser
import Flipbook

@main
struct FlipbookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render Apple-style animations headless on Linux.",
        subcommands: [Demo.self, List.self, Render.self, Preview.self, Transition.self, Filters.self])
}
