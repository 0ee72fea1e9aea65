/// The ways a snippet may be valid Swift. Snippets are often fragments of a larger file: a method, a `case`,
/// the arguments of a call in a `Package.swift`, a protocol requirement. A snippet that does not parse as a
/// file is parsed again in each wrapped form, and passes when one of them parses.
enum SnippetForm: String, CaseIterable, Codable, Sendable {
    case file
    case typeBody
    case functionBody
    case switchBody
    case caseLabel
    case catchClause
    case protocolBody
    case callArguments

    /// The text around the snippet: whole lines, so that an error in the wrapped snippet is at its line plus
    /// `prefixLines`, at its column.
    var wrapper: (prefix: String, suffix: String) {
        switch self {
        case .file: ("", "")
        case .typeBody: ("enum _Snippet {\n", "\n}\n")
        case .functionBody: ("func _snippet() {\n", "\n}\n")
        case .switchBody: ("func _snippet() {\nswitch _value {\n", "\n}\n}\n")
        // A lone `case …:` needs a statement after it to parse.
        case .caseLabel: ("func _snippet() {\nswitch _value {\n", "\nbreak\n}\n}\n")
        case .catchClause: ("func _snippet() {\ndo {}\n", "\n}\n")
        case .protocolBody: ("protocol _Snippet {\n", "\n}\n")
        // Argument lists may end with a comma (SE-0439), as fragments of `Package(…)` often do.
        case .callArguments: ("let _value = _snippet(\n", "\n)\n")
        }
    }

    func wrap(_ text: String) -> String { wrapper.prefix + text + wrapper.suffix }

    /// The lines the wrapper puts before the snippet.
    var prefixLines: Int { wrapper.prefix.filter { $0 == "\n" }.count }

    /// The form a snippet's first word names (`case`, `default`, `@unknown` on a line that ends with `:`:
    /// switch cases; `catch`: a catch clause): when no form parses, its errors say more than those of the snippet as a file, which reads
    /// `case .tapped:` as an enum's case.
    static func namedByFirstWord(of text: String) -> SnippetForm? {
        let (start, word) = firstWord(of: text)
        switch word {
        case "case", "default", "@unknown":
            // `case .tapped:` is a switch's; `case upc(Int, Int)`, an enum's (its errors are the file form's).
            let source = LexedSource(String(start))
            let firstLine = source.tokens.prefix { $0.line == 0 }.filter(\.isCode)
            return firstLine.last.map { source.token($0, is: ":") } == true ? .switchBody : nil
        case "catch": return .catchClause
        default: return nil
        }
    }

    /// The snippet from its first character that is no space or line break, and its first word there.
    private static func firstWord(of text: String) -> (start: Substring, word: Substring) {
        let start = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        return (start, start.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" })
    }

    /// The errors of the wrapped snippet at the snippet's own lines; those in the wrapper are left out.
    func unwrapped(_ errors: [CompilerDiagnostic], lineCount: Int) -> [CompilerDiagnostic] {
        errors.compactMap { error in
            var mapped = error
            mapped.line -= prefixLines
            return (1...max(lineCount, 1)).contains(mapped.line) ? mapped : nil
        }
    }

    /// Whether the snippet starts with a word only a fragment starts with (`case`, `default`, `@unknown`,
    /// `catch`): it hardly ever parses as a file, so its likely forms are parsed beside its file form.
    static func startsLikeAFragment(_ text: String) -> Bool {
        ["case", "default", "@unknown", "catch"].contains(firstWord(of: text).word)
    }

    /// The wrapped forms worth trying first, guessed from how the snippet starts; the others are tried only
    /// when these fail, so the guess saves work and never changes a verdict.
    static func likelyForms(of text: String) -> [SnippetForm] {
        let (start, word) = firstWord(of: text)
        switch word {
        case "case", "default", "@unknown": return [.switchBody, .caseLabel]
        case "catch": return [.catchClause]
        default: break
        }
        if start.dropFirst(word.count).first == ":" { return [.callArguments] }
        if text.contains("{ get") { return [.protocolBody] }
        return [.typeBody, .functionBody]
    }

    /// How a finding names the form, e.g. "marked compile_fail but it parses as a protocol body".
    var description: String {
        switch self {
        case .file: "a file"
        case .typeBody: "a type body"
        case .functionBody: "a function body"
        case .switchBody: "switch cases"
        case .caseLabel: "a case label"
        case .catchClause: "a catch clause"
        case .protocolBody: "a protocol body"
        case .callArguments: "call arguments"
        }
    }
}
