/// One line of a unified diff, kept typed until a reporter renders it: a reporter colours and pairs lines
/// by what they are, never by their first character (an output line may itself start with `-`).
public enum DiffLine: Hashable, Sendable, Codable {
    /// `@@ -old,oldCount +new,newCount @@`, numbered with the lesson's lines.
    case hunk(old: Int, oldCount: Int, new: Int, newCount: Int)
    case same(String)
    case removed(String)
    case inserted(String)

    /// The line as unified diffs print it, trailing whitespace made visible.
    public var unified: String {
        switch self {
        case .hunk(let old, let oldCount, let new, let newCount): "@@ -\(old),\(oldCount) +\(new),\(newCount) @@"
        case .same(let text): " " + Self.visible(text)
        case .removed(let text): "-" + Self.visible(text)
        case .inserted(let text): "+" + Self.visible(text)
        }
    }

    /// A line of a unified diff as `unified` printed it (a JSON report's details, read back).
    public init?(unified line: String) {
        if line.hasPrefix("@@ -"), line.hasSuffix(" @@") {
            let numbers = line.dropFirst(4).dropLast(3).split(whereSeparator: { " ,+".contains($0) }).compactMap {
                Int($0)
            }
            guard numbers.count == 4 else { return nil }
            self = .hunk(old: numbers[0], oldCount: numbers[1], new: numbers[2], newCount: numbers[3])
            return
        }
        guard let first = line.first else { return nil }
        let text = String(line.dropFirst())
        switch first {
        case " ": self = .same(text)
        case "-": self = .removed(text)
        case "+": self = .inserted(text)
        default: return nil
        }
    }

    /// Makes trailing whitespace visible: `·` for a space, `→` for a tab.
    package static func visible(_ line: String) -> String {
        let trailing = line.reversed().prefix { $0 == " " || $0 == "\t" }
        guard !trailing.isEmpty else { return line }
        let marks = trailing.reversed().map { $0 == " " ? "·" : "→" }.joined()
        return String(line.dropLast(trailing.count)) + marks
    }
}
