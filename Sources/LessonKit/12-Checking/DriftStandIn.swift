/// A lesson reduced to what `EngineDrift` reads of it, as Markdown: the engine it names, in front matter,
/// and each engine reprint at its own line, blank lines between. Kept in the cache by the lesson's bytes
/// (`LessonReuse`), it stands in for a lesson the cache answers: drift still compares a reprint that names
/// no engine with every other lesson's of its folder, and planning the stand-in costs a fraction of
/// planning the lesson (whose scenarios and snippets are read and lexed).
///
/// Planned, the stand-in gives the lesson's engine files (name, opening line, lines) and named engine, so
/// it enters drift exactly where the lesson would: a lesson drift leaves out (one its reading could not
/// trust) stands in as an empty file, one whose engine is unknown still names it.
enum DriftStandIn {
    /// The stand-in of the lesson `plan` is of; nil when its blocks cannot be placed at their lines.
    static func text(of plan: LessonPlan) -> String? {
        if plan.readingFindings.contains(where: { $0.kind != .malformedFrontMatter }) { return "" }
        var lines: [String] = []
        if let named = plan.namedEngine {
            lines = ["---", "engine: '" + named.name.replacingOccurrences(of: "'", with: "''") + "'", "---"]
        }
        for file in plan.engineFiles {
            let block = file.block
            guard lines.count < block.openingLine else { return nil }
            lines += Array(repeating: "", count: block.openingLine - 1 - lines.count)
            let content = block.content.map(\.text)
            guard !content.contains(where: { $0.containsBytes("\r") || $0.containsBytes("\n") }) else { return nil }
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: content) + 1))
            lines.append(fence + "swift")
            lines += content
            lines.append(fence)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The plan drift reads of a lesson at `path`, from its stand-in.
    static func plan(_ text: String, path: String) -> LessonPlan {
        LessonPlanner.plan(Lesson(path: path, bytes: Array(text.utf8)))
    }

    /// The longest run of backticks in `lines`: the stand-in's fence is longer, so no line closes it.
    private static func longestBacktickRun(in lines: [String]) -> Int {
        var longest = 0
        for line in lines where line.containsBytes("`") {
            var run = 0
            for character in line.utf8 {
                run = character == UInt8(ascii: "`") ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }
}
