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

    subscript(name: String) -> String? { values[name] }

    func has(_ flag: String) -> Bool { values[flag] != nil }

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

extension Arguments {
    func positiveNumber(_ name: String) throws -> Double? {
        guard let text = self[name] else { return nil }
        guard let value = Double(text), value > 0, value.isFinite else {
            throw LessonError(.usage, "\(name) needs a positive number, not '\(text)'")
        }
        return value
    }

    func positiveInteger(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw LessonError(.usage, "\(name) needs a positive whole number, not '\(text)'")
        }
        return value
    }

    /// A size in bytes: `65536`, `512K`, `1M`.
    func byteSize(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        let multipliers: [Character: Int] = ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last, let factor = multipliers[last] {
            multiplier = factor
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0,
            case let (bytes, overflow) = value.multipliedReportingOverflow(by: multiplier),
            !overflow
        else {
            throw LessonError(.usage, "\(name) needs a size such as 65536, 512K or 1M, not '\(text)'")
        }
        return bytes
    }
}

extension CheckOptions {
    /// Applies `--timeout`, `--max-output` and `--jobs`, which every command that runs programs takes.
    mutating func apply(_ values: Arguments) throws {
        if let timeout = try values.positiveNumber("--timeout") { self.timeout = timeout }
        if let limit = try values.byteSize("--max-output") { outputLimit = limit }
        if let jobs = try values.positiveInteger("--jobs") { self.jobs = jobs }
        if let seconds = try values.positiveNumber("--build-timeout") { buildTimeout = seconds }
        if let size = try values.byteSize("--build-memory-limit") { buildMemoryLimit = size }
    }
}
