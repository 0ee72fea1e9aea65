import Foundation
import LessonKit

/// `PATH:LINE` among the PATH arguments of `lesson check`: the block of a lesson that holds that line, checked
/// alone with what it needs (its engine; a listing's context). Several may name blocks of one lesson.
enum BlockAddressArgument {
    /// The paths to check, each lesson once, and the lines of those named by `PATH:LINE`, by absolute path.
    /// An argument that names an existing file or folder is a path, whatever it ends with.
    static func split(_ arguments: [String]) throws -> (paths: [String], lines: [String: Set<Int>]) {
        var paths: [String] = []
        var lines: [String: Set<Int>] = [:]
        for argument in arguments {
            guard let (path, line) = address(argument) else {
                paths.append(argument)
                continue
            }
            let key = Paths.absolute(path)
            if lines[key] == nil { paths.append(path) }
            lines[key, default: []].insert(line)
            try requireBlock(at: line, in: path)
        }
        if !lines.isEmpty, let whole = paths.first(where: { lines[Paths.absolute($0)] == nil }) {
            throw LessonError(
                .usage, "\(whole): a check of blocks by PATH:LINE checks those blocks only; name no other PATH")
        }
        return (paths, lines)
    }

    /// `Lessons/x.md:57` as the file and the line, when the whole argument is no file and its part before the
    /// last colon is one.
    static func address(_ argument: String) -> (String, Int)? {
        guard !FileManager.default.fileExists(atPath: argument), let colon = argument.lastIndex(of: ":") else {
            return nil
        }
        let path = String(argument[..<colon])
        let digits = argument[argument.index(after: colon)...]
        var isFolder: ObjCBool = false
        // Digits only: `Int` also reads `+3`, which no one writes for a line.
        guard digits.allSatisfy({ ("0"..."9").contains($0) }), let line = Int(digits), line >= 1,
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
        else { return nil }
        return (path, line)
    }

    /// A usage error unless a checked block of the lesson holds `line`; it names the blocks there are.
    private static func requireBlock(at line: Int, in path: String) throws {
        let plan = LessonPlanner.plan(Lesson.read(path: path))
        guard plan.checkedBlock(at: line) == nil else { return }
        let blocks =
            (plan.scenarios.map { ($0.block.openingLine, $0.expected?.lastLine ?? $0.block.lastLine) }
            + (plan.snippets + plan.engineFiles.map(\.block) + plan.exerciseStarters.map(\.block)).map {
                ($0.openingLine, $0.lastLine)
            })
            .sorted { $0.0 < $1.0 }
        let listed = blocks.prefix(8).map { "\($0.0)-\($0.1)" }.joined(separator: ", ")
        let more = blocks.count > 8 ? ", …" : ""
        throw LessonError(
            .usage,
            "\(path):\(line): no checked code block holds line \(line)"
                + (blocks.isEmpty ? "; the lesson has none" : " (the lesson's blocks: lines \(listed)\(more))"))
    }
}
