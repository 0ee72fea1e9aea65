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

    /// The text around the snippet. Wrapped forms only tell whether the snippet parses; their errors are
    /// never reported, so they need no line mapping.
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
