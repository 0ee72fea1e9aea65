import Foundation

/// The steps of a GitHub Actions workflow with one job, read line by line: enough YAML for the course's
/// workflow (`- uses:`, `- run:`, `if:` and nested `with:` keys; `run: |` blocks), no dependency.
struct WorkflowFile {
    struct Step: Equatable {
        var uses: String?
        var run: String?
        /// The step's `if:` expression; nil runs it only while every step before it passed.
        var condition: String?
    }

    var steps: [Step] = []

    init(text: String) throws {
        let lines = text.components(separatedBy: "\n")
        guard let stepsLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "steps:" }) else {
            throw Problem(description: "the workflow has no steps")
        }
        var index = stepsLine + 1
        var itemIndent: Int?
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            index += 1
            if content.isEmpty || content.hasPrefix("#") { continue }
            if content.hasPrefix("- ") {
                if itemIndent == nil { itemIndent = indent }
                guard indent == itemIndent else { throw Problem(description: "line \(index): unexpected indentation") }
                steps.append(Step())
                try read(String(content.dropFirst(2)), keyIndent: indent + 2, lines: lines, index: &index)
            } else if let itemIndent, indent > itemIndent, !steps.isEmpty {
                try read(content, keyIndent: indent, lines: lines, index: &index)
            } else {
                break
            }
        }
    }

    /// Reads one `key: value` of the current step; a `run: |` block takes the more indented lines after it.
    private mutating func read(_ pair: String, keyIndent: Int, lines: [String], index: inout Int) throws {
        guard let colon = pair.firstIndex(of: ":") else { throw Problem(description: "line \(index): not key: value") }
        let key = String(pair[..<colon])
        var value = pair[pair.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if value == "|" {
            var block: [String] = []
            while index < lines.count, lines[index].prefix(while: { $0 == " " }).count > keyIndent {
                block.append(lines[index].trimmingCharacters(in: .whitespaces))
                index += 1
            }
            value = block.joined(separator: "\n")
        }
        switch key {
        case "uses": steps[steps.count - 1].uses = value
        case "run": steps[steps.count - 1].run = value
        case "if": steps[steps.count - 1].condition = value
        case "with", "name", "path", "key", "env", "shell", "id": break
        default: throw Problem(description: "line \(index): unknown step key \(key)")
        }
    }

    /// Whether a step with `condition` runs after steps that have (or have not) failed, as GitHub decides
    /// for the status functions a workflow of this kind uses.
    static func runs(_ condition: String?, afterFailure failed: Bool) throws -> Bool {
        switch condition {
        case nil, "success()": return !failed
        case "failure()": return failed
        case "always()": return true
        default: throw Problem(description: "unsupported step condition \(condition ?? "")")
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }
}
