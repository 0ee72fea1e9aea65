/// `lesson merge` for a class graded in shards: the shards' `summary.csv` files become the one the
/// unsharded run writes: the same header, every student's row once, sorted by student as the grader sorts.
package enum SummaryMerge {

    /// A CSV row as written (its bytes kept) and its fields, unquoted and unguarded (`SpreadsheetCell`).
    package struct Row: Sendable {
        package var text: String
        package var fields: [String]
    }

    /// Merges `(name, contents)` pairs.
    package static func merge(_ files: [(name: String, text: String)]) throws -> String {
        var header: String?
        var rows: [String: (row: Row, file: String)] = [:]
        for file in files {
            var records = try self.records(file.text, name: file.name)
            guard !records.isEmpty else { throw LessonError(.invalidReport, "\(file.name): empty, not a summary.csv") }
            let first = records.removeFirst().text
            if let header, header != first {
                throw LessonError(.invalidReport, "\(file.name): its header differs from \(files[0].name)'s")
            }
            header = first
            for record in records {
                let student = record.fields[0]
                if let earlier = rows[student] {
                    throw LessonError(
                        .invalidReport,
                        "student \(student) is in both \(earlier.file) and \(file.name): "
                            + "the summaries overlap")
                }
                rows[student] = (record, file.name)
            }
        }
        let sorted = rows.keys.sorted().map { rows[$0]!.row.text }
        return ([header ?? ""] + sorted).map { $0 + "\n" }.joined()
    }

    /// Splits CSV text into records (a quoted field may hold commas, quotes and newlines).
    package static func records(_ text: String, name: String) throws -> [Row] {
        var rows: [Row] = []
        var current = ""
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)
        if characters.last != "\n" && !characters.isEmpty { characters.append("\n") }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if quoted {
                current.append(character)
                if character == "\"" {
                    if index < characters.count && characters[index] == "\"" {
                        current.append("\"")
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                quoted = true
                current.append(character)
            case ",":
                fields.append(SpreadsheetCell.read(field))
                field = ""
                current.append(character)
            case "\n", "\r\n":
                fields.append(SpreadsheetCell.read(field))
                rows.append(Row(text: current, fields: fields))
                (current, field, fields) = ("", "", [])
            default:
                field.append(character)
                current.append(character)
            }
        }
        if quoted { throw LessonError(.invalidReport, "\(name): a quoted field is never closed") }
        return rows
    }
}
