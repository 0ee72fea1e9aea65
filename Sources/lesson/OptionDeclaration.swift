/// One option of a command, declared once: the parser accepts what the declarations name, the help page
/// lists them, and a class batch forwards those marked `forwarded` to each student's grader.
struct OptionDeclaration: Hashable, Sendable {
    let name: String
    /// The value's name in help (`SECONDS`); nil for a flag, which takes no value.
    let value: String?
    let help: String
    /// Whether `lesson grade --submissions` passes it on to each student's `lesson grade`.
    let forwarded: Bool

    static func flag(_ name: String, _ help: String, forwarded: Bool = false) -> OptionDeclaration {
        OptionDeclaration(name: name, value: nil, help: help, forwarded: forwarded)
    }

    static func option(_ name: String, _ value: String, _ help: String, forwarded: Bool = false)
        -> OptionDeclaration
    {
        OptionDeclaration(name: name, value: value, help: help, forwarded: forwarded)
    }

    var isFlag: Bool { value == nil }
}

/// Options more than one command takes, with the help they share.
extension OptionDeclaration {
    static func timeout(_ what: String) -> OptionDeclaration {
        .option("--timeout", "SECONDS", "Wall-clock limit of one \(what) (default: 10)", forwarded: true)
    }
    static func maxOutput(_ what: String) -> OptionDeclaration {
        .option(
            "--max-output", "SIZE", "Output \(what) may print before it is stopped, e.g. 65536, 512K, 1M (default: 1M)",
            forwarded: true)
    }
    static let jobs = option("--jobs", "N", "Builds and runs at once (default: the number of cores)")
    static func buildTimeout(_ what: String, seconds: Int) -> OptionDeclaration {
        .option("--build-timeout", "S", "Wall-clock limit of \(what) (default: \(seconds))", forwarded: true)
    }
    static let buildMemoryLimit = option(
        "--build-memory-limit", "SIZE", "Address space of one compiler run (default: 4G)", forwarded: true)
    static let engines = option(
        "--engines", "DIR", "Add or replace engines: DIR/<Name>/<File>.swift (built in: Invalidation, Sync)",
        forwarded: true)
    static let strategy = option(
        "--strategy", "NAME",
        "merged: scenarios of one engine share a build (default); isolated: one build per scenario (the "
            + "reference; same findings, slower)")
    static func shard(_ what: String) -> OptionDeclaration {
        .option("--shard", "INDEX/COUNT", "\(what) (counted from 1, e.g. 2/4)")
    }
    static func durations(_ what: String) -> OptionDeclaration {
        .option("--durations", "FILE", "With --shard: balance the shards by \(what)")
    }
    static let color = option(
        "--color", "WHEN",
        "Colour the report: auto, always or never (default: auto: only on a terminal, never when NO_COLOR is set)")
    static let junitFileAttributes = flag(
        "--junit-file-attributes",
        "With --format junit: add file and line attributes to each test case (GitLab reads file; the Jenkins and "
            + "Surefire schemas have neither)")
    static let help = flag("--help", "Show this help")
}
