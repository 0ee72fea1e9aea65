/// What a scenario's top-level code holds that a function body would hold differently: the functions it
/// declares at the top level (its items', `TopLevelItems`), and whether a `return` belongs to the top-level
/// code itself (an error there, the end of the function wrapped).
///
/// A `return` belongs to a function when one of the braces around it is a function's or a closure's body:
/// a brace after `func` (the next brace opened is its body), an accessor's (`get {` or `set {` right after
/// another brace: `var total: Int { get { … } set { … } }`), or a brace
/// inside parentheses or square brackets (an argument closure). Every other brace, a trailing closure and a
/// closure assigned included, is taken for a statement's body, so that an unsure reading builds the scenario
/// alone. (A type, an `init` or a `subscript` builds a scenario alone anyway: `MergePolicy`.)
package struct TopLevelShape {
    package private(set) var functions: [String] = []
    package private(set) var returnsFromTopLevel = false

    package init(_ read: TopLevelItems) {
        functions = read.functions
        // Each open bracket: its byte, and for a brace whether it is a function's body.
        var open: [(byte: UInt8, function: Bool)] = []
        var functionBodies = 0  // the braces of `open` that are a function's body
        var afterFunc = false  // since `func`, until its body's brace
        var previousWord: String?  // the word just before, when the last token was one
        var accessorPlace = false  // whether that word came right after a brace, where an accessor begins
        var afterBrace = false  // whether the last token was a brace
        for token in read.code {
            let byte = read.source.bytes[token.range.lowerBound]
            var word: String?
            switch token.kind {
            case .identifier:
                let text = read.source.text(of: token)
                word = text
                if text == "func" { afterFunc = true }
                if text == "return", functionBodies == 0 { returnsFromTopLevel = true }
            case .open:
                let inside = open.last.map { $0.byte != Byte.openBrace } ?? false
                let accessor =
                    accessorPlace && (previousWord.map(SwiftVocabulary.accessorWords.contains) ?? false)
                let function = byte == Byte.openBrace && (inside || afterFunc || accessor)
                if byte == Byte.openBrace { afterFunc = false }
                open.append((byte, function))
                if function { functionBodies += 1 }
            case .close:
                if let closed = open.popLast(), closed.function { functionBodies -= 1 }
            default:
                break
            }
            accessorPlace = word != nil && afterBrace
            afterBrace = byte == Byte.openBrace || byte == Byte.closeBrace
            previousWord = word
        }
    }
}
