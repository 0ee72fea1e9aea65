/// One option of a command, declared once: the parser accepts what the declarations name, the help page
/// lists them, and a class batch forwards those marked `forwarded` to each student's grader.
struct OptionDeclaration: Hashable, Sendable {
    let name: String
    /// The value's name in help (`SECONDS`); nil for a flag, which takes no value.
    let value: String?
    let help: String
    /// Whether `lesson grade --submissions` passes it on to each student's `lesson grade`.
    let forwarded: Bool

    var isFlag: Bool { value == nil }
}

/// What a command declares: a flag or an option with a typed value. Code reads options through these values,
/// never by their names, so a misspelt option does not compile.
protocol DeclaredOption: Sendable {
    var declaration: OptionDeclaration { get }
}

/// A flag: given or not.
struct Flag: DeclaredOption {
    let declaration: OptionDeclaration

    init(_ name: String, _ help: String, forwarded: Bool = false) {
        declaration = OptionDeclaration(name: name, value: nil, help: help, forwarded: forwarded)
    }
}

/// An option with a value, read as `Value`; text that is no such value is a usage error that names the
/// option.
struct ValueOption<Value>: DeclaredOption {
    let declaration: OptionDeclaration
    let read: @Sendable (_ name: String, _ text: String) throws -> Value

    init(
        _ name: String, _ valueName: String, _ help: String, forwarded: Bool = false,
        read: @escaping @Sendable (_ name: String, _ text: String) throws -> Value
    ) {
        declaration = OptionDeclaration(name: name, value: valueName, help: help, forwarded: forwarded)
        self.read = read
    }
}

extension ValueOption where Value == String {
    /// An option whose value is taken as written (a path, an ID, a format name checked later).
    init(_ name: String, _ valueName: String, _ help: String, forwarded: Bool = false) {
        self.init(name, valueName, help, forwarded: forwarded) { _, text in text }
    }
}
