/// A command's `--help`: what it does, how to call it, its options (rendered from their declarations, so
/// that every option the command accepts is listed, and only those) and closing notes.
struct HelpPage: Sendable {
    var overview: String
    var usage: String
    var sections: [(title: String, options: [any DeclaredOption])]
    /// Environment, exit status and other notes, as written.
    var notes: String = ""

    /// Every option of every section, `--help` included: what the command accepts.
    var declarations: [OptionDeclaration] { sections.flatMap { $0.options.map(\.declaration) } }

    /// Where an option's help starts, and how wide a line may be.
    static let helpColumn = 24
    static let width = 100

    var rendered: String {
        var lines = ["OVERVIEW: " + overview, "", "USAGE: " + usage]
        for section in sections {
            lines += ["", section.title + ":"]
            for option in section.options { lines += Self.rows(option.declaration) }
        }
        if !notes.isEmpty { lines += ["", notes] }
        return lines.joined(separator: "\n")
    }

    /// `  --timeout SECONDS     Wall-clock limit …`, the help wrapped under its column; a long name gets a
    /// line of its own.
    static func rows(_ option: OptionDeclaration) -> [String] {
        let name = "  " + (option.name == "--help" ? "-h, --help" : option.name) + (option.value.map { " " + $0 } ?? "")
        let help = wrap(option.help, width: width - helpColumn)
        let indent = String(repeating: " ", count: helpColumn)
        if name.count + 2 > helpColumn { return [name] + help.map { indent + $0 } }
        let first = name + String(repeating: " ", count: helpColumn - name.count) + (help.first ?? "")
        return [first] + help.dropFirst().map { indent + $0 }
    }

    /// Words joined into lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
