import Dispatch
import Flipbook
import Foundation

/// What `flipbook` does when interrupted (Ctrl-C, SIGTERM): removes the working files of
/// writes in progress and stops ffmpeg (`WorkingFiles.removeAll()`), then exits with the
/// status a shell expects (128 + the signal).
enum Interruption {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func cleanUpOnSignals() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                WorkingFiles.removeAll()
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
