/// What a scenario's top-level code holds that a function body would hold differently: the functions it
/// declares at the top level (outside every brace), and whether a `return` belongs to the top-level code
/// itself (an error there, the end of the function wrapped).
///
/// A `return` belongs to a function when one of the braces around it is a function's or a closure's body:
/// a brace after `func` (the next brace opened is its body), an accessor's (`get {` or `set {` right after
/// another brace: `var total: Int { get { … } set { … } }`), or a brace
/// inside parentheses or square brackets (an argument closure). Every other brace, a trailing closure and a
/// closure assigned included, is taken for a statement's body, so that an unsure reading builds the scenario
/// alone. (A type, an `init` or a `subscript` builds a scenario alone anyway: `MergePolicy`.)
struct TopLevelShape {
    private(set) var functions: [String] = []
    private(set) var returnsFromTopLevel = false

    /// The words after which a brace is an accessor's body.
    private static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet"]

    init(_ source: LexedSource) {
        // Each open bracket: its byte, and for a brace whether it is a function's body.
        var open: [(byte: UInt8, function: Bool)] = []
        var afterFunc = false  // since `func`, until its body's brace
        var expectsName = false  // right after `func`
        var previousWord: String?  // the word just before, when the last token was one
        var accessorPlace = false  // whether that word came right after a brace, where an accessor begins
        var afterBrace = false  // whether the last token was a brace
        for token in source.tokens where token.isCode {
            let byte = source.bytes[token.range.lowerBound]
            var word: String?
            switch token.kind {
            case .identifier:
                let text = source.text(of: token)
                word = text
                if expectsName, open.isEmpty { functions.append(text) }
                expectsName = text == "func"
                if text == "func" { afterFunc = true }
                if text == "return", !open.contains(where: \.function) { returnsFromTopLevel = true }
            case .open:
                expectsName = false
                let inside = open.last.map { $0.byte != Byte.openBrace } ?? false
                let accessor = accessorPlace && (previousWord.map(Self.accessorWords.contains) ?? false)
                let function = byte == Byte.openBrace && (inside || afterFunc || accessor)
                if byte == Byte.openBrace { afterFunc = false }
                open.append((byte, function))
            case .close:
                expectsName = false
                if !open.isEmpty { open.removeLast() }
            case .operator:
                // An operator's function (`func + (…)`) is a top-level function too.
                if expectsName, open.isEmpty { functions.append(source.text(of: token)) }
                expectsName = false
            default:
                expectsName = false
            }
            accessorPlace = word != nil && afterBrace
            afterBrace = byte == Byte.openBrace || byte == Byte.closeBrace
            previousWord = word
        }
    }
}
