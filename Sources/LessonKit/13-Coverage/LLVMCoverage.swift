import Foundation

/// Reads the toolchain's coverage tools: `llvm-profdata merge` for profiles, `llvm-cov export` for line counts
/// (LCOV) and regions (JSON).
struct LLVMCoverage {
    let profdata: String
    let cov: String

    func merge(_ profiles: [String], into output: String) throws {
        try run(profdata, ["merge", "-sparse", "-o", output] + profiles)
    }

    /// Line execution counts of `sourceFile` (an absolute path) over `objects`.
    func lineCounts(of sourceFiles: Set<String>, objects: [String], profile: String) throws -> [String: [Int: Int]] {
        let text = try run(cov, ["export", "-format=lcov", "-instr-profile", profile] + Self.objectArguments(objects))
        var counts: [String: [Int: Int]] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("SF:") {
                let file = String(line.dropFirst(3))
                current = sourceFiles.contains(file) ? file : nil
            } else if let file = current, line.hasPrefix("DA:") {
                let fields = line.dropFirst(3).split(separator: ",")
                if fields.count >= 2, let number = Int(fields[0]), let count = Int(fields[1]) {
                    counts[file, default: [:]][number] = max(counts[file]?[number] ?? 0, count)
                }
            }
        }
        return counts
    }

    struct Regions {
        var total = 0
        var covered = 0
        var unreached: [FileCoverage.Region] = []
    }

    /// The code regions of each source file, and those never executed.
    func regions(of sourceFiles: Set<String>, objects: [String], profile: String) throws -> [String: Regions] {
        let text = try run(
            cov, ["export", "-skip-expansions", "-instr-profile", profile] + Self.objectArguments(objects))
        guard let export = try? JSONDecoder().decode(LLVMCoverageExport.self, from: Data(text.utf8)),
            let functions = export.data.first?.functions
        else { throw LessonError(.toolchain, "llvm-cov export printed no coverage data") }
        // A region is identified by its position: the same engine function compiled into several programs
        // is one region, reached when any of them reached it.
        var counts: [String: [Span: Int]] = [:]
        for function in functions {
            guard let filenames = function.filenames, let regions = function.regions else { continue }
            for region in regions where region.isCode {
                guard filenames.indices.contains(region.fileID) else { continue }
                let file = filenames[region.fileID]
                guard sourceFiles.contains(file) else { continue }
                let key = Span(region)
                counts[file, default: [:]][key] = max(counts[file]?[key] ?? 0, region.executionCount)
            }
        }
        var result: [String: Regions] = [:]
        for (file, regions) in counts {
            var summary = Regions(total: regions.count, covered: regions.values.filter { $0 > 0 }.count)
            let zero = regions.filter { $0.value == 0 }.keys.sorted {
                ($0.lineStart, $0.columnStart) < ($1.lineStart, $1.columnStart)
            }
            // A gap inside a larger gap is the same gap: report the outermost.
            let outermost = zero.filter { inner in
                !zero.contains { outer in outer != inner && outer.contains(inner) }
            }
            summary.unreached = outermost.map { FileCoverage.Region(startLine: $0.lineStart, endLine: $0.lineEnd) }
            result[file] = summary
        }
        return result
    }

    /// Where a region lies in its file: from its first line and column to its last.
    struct Span: Hashable {
        var lineStart: Int
        var columnStart: Int
        var lineEnd: Int
        var columnEnd: Int

        init(_ region: LLVMCoverageExport.Region) {
            lineStart = region.lineStart
            columnStart = region.columnStart
            lineEnd = region.lineEnd
            columnEnd = region.columnEnd
        }

        /// Whether this span encloses `inner`.
        func contains(_ inner: Span) -> Bool {
            (lineStart, columnStart) <= (inner.lineStart, inner.columnStart)
                && (inner.lineEnd, inner.columnEnd) <= (lineEnd, columnEnd)
        }
    }

    private static func objectArguments(_ objects: [String]) -> [String] {
        guard let first = objects.first else { return [] }
        return [first] + objects.dropFirst().flatMap { ["-object", $0] }
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let result = try Subprocess.run(
            tool, arguments: arguments, environment: ProcessInfo.processInfo.environment,
            limits: ProcessLimits(timeout: 600, outputLimit: 512 << 20))
        guard result.termination == .exited(0) else {
            let message = String(decoding: result.standardError, as: UTF8.self)
            throw LessonError(.toolchain, "\((tool as NSString).lastPathComponent) failed: \(message.prefix(2000))")
        }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }
}
