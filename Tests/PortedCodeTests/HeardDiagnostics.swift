import Synchronization
import UIKit

/// What Flipbook's UIKit and Core Animation report while `body` runs, heard as an app hears
/// it: through their public handlers.
@MainActor
func heardDiagnostics(_ body: () -> Void) -> [String] {
    let heard = Mutex<[String]>([])
    let savedUI = UIDiagnostics.handler
    let savedAnimation = AnimationDiagnostics.handler
    UIDiagnostics.handler = { message in heard.withLock { $0.append(message) } }
    AnimationDiagnostics.handler = { message in heard.withLock { $0.append(message) } }
    defer {
        UIDiagnostics.handler = savedUI
        AnimationDiagnostics.handler = savedAnimation
    }
    body()
    return heard.withLock { $0 }
}
