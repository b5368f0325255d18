// The cross-import overlay the Swift toolchain for Linux names for `import Testing` with
// `import UIKit` but does not ship: empty, so test files importing both compile.
