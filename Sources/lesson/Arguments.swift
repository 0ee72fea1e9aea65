import Foundation
import LessonKit

/// The command line after the command name: options (`--name value` or `--name=value`) and paths.
struct Arguments {
    private var remaining: [String]
    private(set) var paths: [String] = []

    init(_ arguments: [String]) { remaining = arguments }

    /// Splits options from paths; `--` ends the options. `flags` take no value.
    mutating func parse(flags: Set<String>, options: Set<String>) throws -> [String: String] {
        var values: [String: String] = [:]
        var onlyPaths = false
        while !remaining.isEmpty {
            let argument = remaining.removeFirst()
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
            if flags.contains(name) {
                guard inlineValue == nil else { throw LessonError(.usage, "\(name) takes no value") }
                values[name] = ""
            } else if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if !remaining.isEmpty {
                    values[name] = remaining.removeFirst()
                } else {
                    throw LessonError(.usage, "\(name) needs a value")
                }
            } else {
                let known = flags.union(options).filter { $0.hasPrefix("--") }
                throw LessonError(.usage, "unknown option '\(name)'" + Suggestion.hint(for: name, among: known))
            }
        }
        return values
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

extension Dictionary where Key == String, Value == String {
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
    mutating func apply(_ values: [String: String]) throws {
        if let timeout = try values.positiveNumber("--timeout") { self.timeout = timeout }
        if let limit = try values.byteSize("--max-output") { outputLimit = limit }
        if let jobs = try values.positiveInteger("--jobs") { self.jobs = jobs }
        if let seconds = try values.positiveNumber("--build-timeout") { buildTimeout = seconds }
        if let size = try values.byteSize("--build-memory-limit") { buildMemoryLimit = size }
    }
}
