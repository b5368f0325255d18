/// The status bar's look, as UIKit's `UIStatusBarStyle`; Flipbook's screens have no status
/// bar, so it is kept and shown nowhere.
public enum UIStatusBarStyle: Int, Sendable { case `default`, lightContent, darkContent = 3 }
