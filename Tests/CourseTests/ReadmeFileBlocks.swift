import Foundation

/// The files a README section shows: each is a fenced block right after a caption line that is only the
/// file's path in backticks and a colon (`` `Package.swift`: ``), then a blank line.
struct ReadmeFileBlocks {
    /// The file paths in order, and each one's text exactly as a user copies it.
    var files: [(path: String, text: String)] = []

    /// Reads the section that starts at the heading line `heading` and ends at the next `## ` heading.
    init(readme: String, heading: String) throws {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else {
            throw Problem(description: "the README has no heading \(heading)")
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var index = start + 1
        while index < end {
            if let path = Self.captionPath(lines[index]) {
                guard index + 2 < end, lines[index + 1].isEmpty, lines[index + 2].hasPrefix("```") else {
                    throw Problem(description: "README line \(index + 1): a caption with no block after it")
                }
                let fence = String(lines[index + 2].prefix { $0 == "`" })
                guard let close = lines[(index + 3)..<end].firstIndex(of: fence) else {
                    throw Problem(description: "README line \(index + 3): an unclosed block")
                }
                files.append((path, lines[(index + 3)..<close].joined(separator: "\n") + "\n"))
                index = close
            }
            index += 1
        }
    }

    /// `PATH` from a caption line `` `PATH`: ``.
    static func captionPath(_ line: String) -> String? {
        guard line.hasPrefix("`"), line.hasSuffix("`:"), line.count > 3 else { return nil }
        let path = line.dropFirst().dropLast(2)
        return path.contains("`") || path.contains(" ") ? nil : String(path)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}
