import LessonKit

/// How option values are read: each gives the usage error that names the option and the text given.
enum OptionValues {
    @Sendable static func positiveNumber(_ name: String, _ text: String) throws -> Double {
        guard let value = Double(text), value > 0, value.isFinite else {
            throw LessonError(.usage, "\(name) needs a positive number, not '\(text)'")
        }
        return value
    }

    @Sendable static func positiveInteger(_ name: String, _ text: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw LessonError(.usage, "\(name) needs a positive whole number, not '\(text)'")
        }
        return value
    }

    /// A size in bytes: `65536`, `512K`, `1M`.
    @Sendable static func byteSize(_ name: String, _ text: String) throws -> Int {
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

    /// A share from 0 to 1.
    @Sendable static func share(_ name: String, _ text: String) throws -> Double {
        guard let value = Double(text), value >= 0, value <= 1 else {
            throw LessonError(.usage, "\(name) needs a number from 0 to 1, not '\(text)'")
        }
        return value
    }

    /// A percentage from 0 to 100.
    @Sendable static func percentage(_ name: String, _ text: String) throws -> Double {
        guard let value = Double(text), value >= 0, value <= 100 else {
            throw LessonError(.usage, "\(name) needs a percentage from 0 to 100, not '\(text)'")
        }
        return value
    }
}

/// `--engines DIR`: the folder as given, and the built-in engines with its engines added.
struct EngineFolder: Sendable {
    var path: String
    var catalog: EngineCatalog
}

/// Options more than one command takes, with the help they share.
enum SharedOptions {
    static func timeout(_ what: String) -> ValueOption<Double> {
        ValueOption(
            "--timeout", "SECONDS", "Wall-clock limit of one \(what) (default: 10)", forwarded: true,
            read: OptionValues.positiveNumber)
    }
    static func maxOutput(_ what: String) -> ValueOption<Int> {
        ValueOption(
            "--max-output", "SIZE", "Output \(what) may print before it is stopped, e.g. 65536, 512K, 1M (default: 1M)",
            forwarded: true, read: OptionValues.byteSize)
    }
    static let jobs = ValueOption(
        "--jobs", "N", "Builds and runs at once (default: the number of cores)", read: OptionValues.positiveInteger)
    static func buildTimeout(_ what: String, seconds: Int) -> ValueOption<Double> {
        ValueOption(
            "--build-timeout", "S", "Wall-clock limit of \(what) (default: \(seconds))", forwarded: true,
            read: OptionValues.positiveNumber)
    }
    static let buildMemoryLimit = ValueOption(
        "--build-memory-limit", "SIZE", "Address space of one compiler run (default: 4G)", forwarded: true,
        read: OptionValues.byteSize)
    static let engines = ValueOption(
        "--engines", "DIR",
        "Add or replace engines: DIR/<Name>/<File>.swift (default: ./Engines when it holds one; built in: "
            + "Invalidation, Sync)",
        forwarded: true
    ) { _, folder in EngineFolder(path: folder, catalog: try EngineCatalog.builtIn.adding(directory: folder)) }
    static let exclude = ValueOption(
        "--exclude", "PATTERNS",
        "Leave out of a folder's lessons what these comma-separated patterns name, as .gitignore writes them "
            + "(drafts/, *.draft.md, site/_includes), besides the patterns of ./.lessonignore"
    ) { _, text in text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    static let strategy = ValueOption(
        "--strategy", "NAME",
        "merged: scenarios of one engine share a build (default); isolated: one build per scenario (the "
            + "reference; same findings, slower)"
    ) { name, text in
        guard let strategy = CheckOptions.Strategy(rawValue: text) else {
            throw LessonError(.usage, "\(name) takes merged or isolated, not '\(text)'")
        }
        return strategy
    }
    static func shard(_ what: String) -> ValueOption<Shard> {
        ValueOption("--shard", "INDEX/COUNT", "\(what) (counted from 1, e.g. 2/4)") { _, text in try Shard.parse(text) }
    }
    static func durations(_ what: String) -> ValueOption<[String: Double]> {
        ValueOption("--durations", "FILE", "With --shard: balance the shards by \(what)") { _, path in
            try ShardOption.readDurations(path)
        }
    }
    static let color = ValueOption(
        "--color", "WHEN",
        "Colour the report: auto, always or never (default: auto: only on a terminal, never when NO_COLOR is set)",
        read: ColorChoice.read)
    static let junitFileAttributes = Flag(
        "--junit-file-attributes",
        "With --format junit: add file and line attributes to each test case (GitLab reads file; the Jenkins and "
            + "Surefire schemas have neither)")
    static let help = Flag("--help", "Show this help")
}
