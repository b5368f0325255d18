import ArgumentParser
import Flipbook

@main
struct FlipbookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render Apple-style animations headless on Linux.",
        subcommands: [Demo.self, List.self, Render.self, Preview.self, Transition.self, LottieCommand.self, Filters.self])

    static func main() async {
        Interruption.cleanUpOnSignals()
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
