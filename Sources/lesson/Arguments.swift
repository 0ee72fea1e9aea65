import Foundation
import LessonKit

/// The command line after the command name, read against the command's declared options: option values
/// (`--name value` or `--name=value`), flags, and paths.
struct Arguments {
    private(set) var values: [String: String] = [:]
    private(set) var paths: [String] = []

    /// Splits options from paths; `--` ends the options. An option no declaration names is a usage error
    /// with the closest declared name.
    init(_ arguments: [String], declarations: [OptionDeclaration]) throws {
        let declared = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var remaining = arguments[...]
        var onlyPaths = false
        while let argument = remaining.popFirst() {
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                paths.append(argument)
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let declaration = declared[name] else {
                throw LessonError(.usage, "unknown option '\(name)'" + Suggestion.hint(for: name, among: declared.keys))
            }
            if declaration.isFlag {
                guard inlineValue == nil else { throw LessonError(.usage, "\(name) takes no value") }
                values[name] = ""
            } else if let value = inlineValue ?? remaining.popFirst() {
                values[name] = value
            } else {
                throw LessonError(.usage, "\(name) needs a value")
            }
        }
    }

    /// The value of `option`, read as its type; nil when it was not given.
    func value<Value>(_ option: ValueOption<Value>) throws -> Value? {
        guard let text = values[option.declaration.name] else { return nil }
        return try option.read(option.declaration.name, text)
    }

    /// Whether `flag` was given.
    func isSet(_ flag: Flag) -> Bool { values[flag.declaration.name] != nil }

    /// Whether `option` was given, whatever its value.
    func isGiven(_ option: some DeclaredOption) -> Bool { values[option.declaration.name] != nil }

    /// The `--name value` pairs (and flags) of the forwarded declarations that were given, in declaration
    /// order: what a class batch passes on to each student's grader.
    func forwarded(_ declarations: [OptionDeclaration]) -> [String] {
        declarations.filter(\.forwarded).flatMap { declaration -> [String] in
            guard let value = values[declaration.name] else { return [] }
            return declaration.isFlag ? [declaration.name] : [declaration.name, value]
        }
    }
}

extension Arguments {
    /// The patterns a folder's lessons are read without: `.lessonignore`'s and `--exclude`'s, when the
    /// command declares it.
    func exclusions() throws -> [String] {
        LessonDiscovery.ignorePatterns() + (try value(SharedOptions.exclude) ?? [])
    }

    /// The lesson paths given, or `./Lessons`, the default; a missing default is said to be the default.
    func lessonPaths() throws -> [String] {
        guard paths.isEmpty else { return paths }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "Lessons", isDirectory: &isDirectory) else {
            throw LessonError(
                .usage,
                "no PATH given and ./Lessons, the default path, does not exist: "
                    + "name the lessons' folder or files")
        }
        return ["Lessons"]
    }
}
