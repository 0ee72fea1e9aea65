/// `lesson merge` for a class graded in shards: the shards' `summary.csv` files become the one the
/// unsharded run writes: the same header, every student's row once, sorted by student as the grader sorts.
///
/// A shard's summary is untrusted input (a shard's machine, or whoever could write its artifact, wrote
/// it): each row must have the header's fields and a student name that can only be a folder's name, and
/// every cell is written again through `SpreadsheetCell`, so that no row is copied into the merged summary
/// unguarded.
package enum SummaryMerge {

    /// A CSV row as written (its bytes kept) and its fields, unquoted and unguarded (`SpreadsheetCell`).
    package struct Row: Sendable {
        package var text: String
        package var fields: [String]
    }

    /// Merges `(name, contents)` pairs.
    package static func merge(_ files: [(name: String, text: String)]) throws -> String {
        var header: String?
        // Keyed by bytes: two names alike after Unicode normalization are two students.
        var rows: [[UInt8]: (row: Row, file: String)] = [:]
        for file in files {
            var records = try self.records(file.text, name: file.name)
            guard !records.isEmpty else { throw LessonError(.invalidReport, "\(file.name): empty, not a summary.csv") }
            let headerRow = records.removeFirst()
            let first = written(headerRow)
            if let header, header != first {
                throw LessonError(.invalidReport, "\(file.name): its header differs from \(files[0].name)'s")
            }
            header = first
            let columns = headerRow.fields.count
            for record in records {
                try validate(record, columns: columns, in: file.name)
                let student = record.fields[0]
                if let earlier = rows[StudentName.key(student)] {
                    throw LessonError(
                        .invalidReport,
                        "student \"\(TerminalSafe.escape(student))\" is in both \(earlier.file) and \(file.name): "
                            + "the summaries overlap")
                }
                rows[StudentName.key(student)] = (record, file.name)
            }
        }
        let sorted = rows.values.sorted { StudentName.precedes($0.row.fields[0], $1.row.fields[0]) }
            .map { written($0.row) }
        return ([header ?? ""] + sorted).map { $0 + "\n" }.joined()
    }

    /// The row as the merged summary holds it: every cell guarded.
    private static func written(_ row: Row) -> String {
        row.fields.map(SpreadsheetCell.written).joined(separator: ",")
    }

    /// The students a shard's summary names, each validated as `merge` validates it: the class page builds
    /// paths from them.
    package static func students(_ text: String, name: String) throws -> [String] {
        var records = try self.records(text, name: name)
        guard !records.isEmpty else { throw LessonError(.invalidReport, "\(name): empty, not a summary.csv") }
        let columns = records.removeFirst().fields.count
        return try records.map { record in
            try validate(record, columns: columns, in: name)
            return record.fields[0]
        }
    }

    private static func validate(_ record: Row, columns: Int, in file: String) throws {
        guard record.fields.count == columns else {
            throw LessonError(
                .invalidReport,
                "\(file): a row has \(record.fields.count) fields, the header \(columns): "
                    + "\"" + TerminalSafe.escape(record.text) + "\"")
        }
        if let problem = StudentName.folderNameProblem(record.fields[0]) {
            throw LessonError(
                .invalidReport,
                "\(file): the student \"\(TerminalSafe.escape(record.fields[0]))\" \(problem), not a folder's name")
        }
    }

    /// Splits CSV text into records (a quoted field may hold commas, quotes and newlines). Read by Unicode
    /// scalars, not characters: a name that starts with a combining mark would otherwise join the comma
    /// before it into one character, and the fields would run together.
    package static func records(_ text: String, name: String) throws -> [Row] {
        var rows: [Row] = []
        var current = String.UnicodeScalarView()
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var scalars = Array(text.unicodeScalars)
        if scalars.last != "\n" && !scalars.isEmpty { scalars.append("\n") }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if quoted {
                current.append(scalar)
                if scalar == "\"" {
                    if index < scalars.count && scalars[index] == "\"" {
                        current.append("\"")
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                quoted = true
                current.append(scalar)
            case ",":
                fields.append(SpreadsheetCell.read(String(field)))
                field = String.UnicodeScalarView()
                current.append(scalar)
            case "\r" where index < scalars.count && scalars[index] == "\n":
                continue
            case "\n":
                fields.append(SpreadsheetCell.read(String(field)))
                rows.append(Row(text: String(current), fields: fields))
                (current, field, fields) = (String.UnicodeScalarView(), String.UnicodeScalarView(), [])
            default:
                field.append(scalar)
                current.append(scalar)
            }
        }
        if quoted { throw LessonError(.invalidReport, "\(name): a quoted field is never closed") }
        return rows
    }
}
