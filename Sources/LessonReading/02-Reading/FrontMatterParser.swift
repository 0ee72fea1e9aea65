/// Reads the front matter between a first line `---` and the next line `---` or `...`, as the YAML that
/// Jekyll, Hugo and DocC sites write:
///
/// - a map of keys, plain (`last modified:`, `https://x:`) or quoted (`"key: with colon":`), whose values are
///   maps and lists nested by indentation at any depth (a list may be at its key's indentation or deeper;
///   `- name: x` starts a map in a list, `- - a` a list in a list);
/// - flow lists and maps, `[a, "b, c"]` and `{a: 1, b: [x, y]}`, nested, over several lines;
/// - plain scalars, which only `: ` and ` #` end (so `https://x` and `C#` are plain text), single-quoted (`''`
///   is a quote) and double-quoted ones (with YAML's escapes), on one line or folded over several;
/// - block scalars, `|` and `>`, with chomping (`|-`, `>+`) and indentation (`|2`) indicators;
/// - comments, blank lines, anchors (`&a`) and aliases (`*a`, the anchored value again); tags (`!!str`) are
///   read and ignored.
///
/// Every scalar stays its text (see `FrontMatter.Value`). What cannot be read is a problem at its line (a tab
/// that indents, a quote or a bracket never closed, indentation that matches no open
/// level, text after a closing quote, a line that is not `key: value`, an unknown alias, an unsupported
/// escape), and reading resumes at the next line it can read, so that nothing is silently dropped. Reading
/// takes time linear in the front matter's length, whatever it holds.
package enum FrontMatterParser {
    package struct Result {
        package var frontMatter = FrontMatter()
        /// Index of the first line after the front matter.
        package var bodyStart: Int
        /// What could not be read, in line order.
        package var problems: [(line: Int, message: String)] = []
        /// What was read but looks wrong (a key given twice: the last value wins), in line order.
        package var warnings: [(line: Int, message: String)] = []
    }

    /// The largest front matter read: 1 MiB, far more than the keys sites write. Past it, the front matter
    /// is one problem and the lesson's body is read as usual.
    package static let maximumSize = 1 << 20

    package static func parse(_ lines: [SourceLine]) -> Result {
        guard let first = lines.first, first.text.trimmingSpaces() == "---" else {
            return Result(bodyStart: 0)
        }
        guard let closing = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.text.trimmingSpaces()) })
        else {
            return Result(
                bodyStart: 0,
                problems: [(first.number, "front matter is never closed: add a line '---' after its last key")])
        }
        var result = Result(bodyStart: closing + 1)
        result.frontMatter.lines = first.number...lines[closing].number
        let size = lines[1..<closing].reduce(0) { $0 + $1.text.utf8.count + 1 }
        guard size <= maximumSize else {
            result.problems = [
                (
                    first.number,
                    "it holds \(size) bytes, more than the \(ByteCount.describe(maximumSize)) front matter may hold; "
                        + "its keys are not read"
                )
            ]
            return result
        }
        var reader = YAMLReader(lines: lines[1..<closing].map(YAMLLine.init))
        result.frontMatter.entries = reader.readDocument()
        // Each level reports what it reads in order; a nested value's problems come before its key's.
        result.problems = reader.problems.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element)
        result.warnings = reader.warnings.sorted { $0.line < $1.line }
        return result
    }
}
