/// The first line of a file block: `// Name.swift — description`. The dash is an em dash in the course;
/// an en dash or a plain `-` is accepted too, and the description may be left out.
package struct FileHeader: Hashable, Sendable {
    /// The file name, e.g. `Sync.swift` or `main.swift`.
    package var fileName: String
    package var description: String

    package var isMain: Bool { fileName == "main.swift" }

    package init(fileName: String, description: String) {
        self.fileName = fileName
        self.description = description
    }

    package init?(_ line: String) {
        guard var rest = LexedSource.lineCommentText(line) else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0.isLetter || $0.isNumber || "_+-.".contains($0) }
        guard name.hasSuffix(".swift"), name.count > ".swift".count, name.first != "-", name.first != "." else {
            return nil
        }
        rest = rest.dropFirst(name.count)
        let separated = rest.drop { $0 == " " || $0 == "\t" }
        if separated.isEmpty {
            description = ""
        } else if let dash = separated.first, "—–-".contains(dash) {
            description = String(separated.dropFirst()).trimmingSpaces()
        } else {
            return nil
        }
        fileName = String(name)
    }
}

/// Apple-only frameworks: a block importing one of them cannot build here, whatever its header says.
package enum PlatformImports {
    package static let frameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

    /// Whether the block imports an Apple-only framework (`import UIKit`, `@testable import SwiftUI`,
    /// `import class UIKit.UIView`); an `import` in a string literal or a comment imports nothing.
    package static func importsPlatformFramework(_ block: FencedBlock) -> Bool {
        guard block.content.contains(where: { $0.text.containsBytes("import") }) else { return false }
        return SwiftBlock.of(block.text).items.importedModules.contains(where: frameworks.contains)
    }
}
