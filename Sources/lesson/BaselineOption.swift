import Foundation
import LessonKit

/// `--baseline FILE`, `--write-baseline FILE` and `--no-baseline` of `lesson check`: which baseline a check
/// uses, and what it does with it.
enum BaselineOption {
    static let baseline = ValueOption(
        "--baseline", "FILE",
        "Errors known from a file --write-baseline wrote: a failed check whose every error it knows is baselined "
            + "(its errors notes; it fails nothing). Default: \(Baseline.defaultFile) in the current folder, when "
            + "there is one")
    static let writeBaseline = ValueOption(
        "--write-baseline", "FILE",
        "Record the errors of this check in FILE (sorted JSON, paths relative to FILE's folder; "
            + "\(Baseline.defaultFile) by convention), then report them as known")
    static let noBaseline = Flag("--no-baseline", "Use no baseline, not even \(Baseline.defaultFile)")

    static let all: [any DeclaredOption] = [baseline, writeBaseline, noBaseline]

    /// What the check does with a baseline.
    enum Use {
        case none
        case apply(String)
        case write(String)
    }

    static func use(_ arguments: Arguments) throws -> Use {
        let named = try arguments.value(baseline)
        let written = try arguments.value(writeBaseline)
        if arguments.isSet(noBaseline) && (named != nil || written != nil) {
            throw LessonError(.usage, "--no-baseline cannot be used with --baseline or --write-baseline")
        }
        if let named, written != nil {
            throw LessonError(.usage, "--baseline \(named) and --write-baseline: write the baseline, or use one")
        }
        if let written { return .write(written) }
        if let named { return .apply(named) }
        if !arguments.isSet(noBaseline), FileManager.default.fileExists(atPath: Baseline.defaultFile) {
            return .apply(Baseline.defaultFile)
        }
        return .none
    }

    /// `report` with the baseline applied (written first, with `.write`); what was done goes to stderr.
    static func applying(_ use: Use, to report: CheckReport) throws -> CheckReport {
        switch use {
        case .none:
            return report
        case .write(let file):
            let baseline = Baseline.recording(report, in: Baseline.folder(of: file))
            try baseline.write(to: file)
            printError("wrote \(file): \(baseline.entries.count) failed check(s) known")
            return baseline.applied(to: report, in: Baseline.folder(of: file)).report
        case .apply(let file):
            let applied = try Baseline.read(path: file).applied(to: report, in: Baseline.folder(of: file))
            if !applied.stale.isEmpty {
                printError(
                    "note: \(file): \(applied.stale.count) known check(s) of these lessons failed no more (fixed, or "
                        + "changed so that they pass); --write-baseline \(file) drops them")
            }
            return applied.report
        }
    }
}
