import Foundation

extension CoverageRunner {
    /// Reads the profiles of a run into each engine's line and region counts.
    struct Measurement {
        let work: CoverageWork
        /// The program each job ran in; nil for the jobs whose coverage is not counted.
        let programs: [String?]
        let plans: [LessonPlan]
        let folder: String
        let llvm: LLVMCoverage
        /// The merged profile of every run; nil when nothing ran.
        let profile: String?

        /// The distinct programs of the jobs `included` selects.
        private func programs(where included: (CoverageWork.Job) -> Bool) -> [String] {
            var seen = Set<String>()
            return zip(work.jobs, programs).compactMap { job, program in
                guard let program, included(job), seen.insert(program).inserted else { return nil }
                return program
            }
        }

        func engine(_ identity: String, byLesson: Bool) throws -> EngineCoverage {
            let group = work.groups[identity]!
            let objects = programs { $0.group == identity }
            let sourcePaths = Set(group.sourcePaths)
            var lines: [String: [Int: Int]] = [:]
            var regions: [String: LLVMCoverage.Regions] = [:]
            if let profile, !objects.isEmpty {
                lines = try llvm.lineCounts(of: sourcePaths, objects: objects, profile: profile)
                regions = try llvm.regions(of: sourcePaths, objects: objects, profile: profile)
            }
            let lessonsByLine = byLesson ? try self.lessonsByLine(identity, sourcePaths) : [:]
            let files = group.sources.map { source -> FileCoverage in
                let path = group.folder + "/" + source.name
                let display = group.display[source.name] ?? CoverageLocation(path: path, firstLine: 1)
                let fileRegions = regions[path] ?? LLVMCoverage.Regions()
                var counts = lines[path] ?? [:]
                if counts.isEmpty && objects.isEmpty {
                    // No scenario ran against this engine: every line with code is unreached; without a
                    // program there is no mapping, so count the lines that are not blank or comments.
                    counts = CoverageRunner.codeLines(source.contents)
                }
                return FileCoverage(
                    fileName: source.name, displayPath: display.path, firstLine: display.firstLine,
                    source: Engine.File(name: source.name, contents: source.contents, path: path).lines,
                    lineCounts: counts, regionCount: fileRegions.total, regionsCovered: fileRegions.covered,
                    unreached: fileRegions.unreached, lessonsByLine: lessonsByLine[path] ?? [:])
            }
            return EngineCoverage(name: group.name, files: files, lessons: group.lessons)
        }

        /// For each reached line of the group's files, the lessons whose scenarios reach it: each lesson's
        /// profiles merged and read on their own.
        private func lessonsByLine(_ identity: String, _ sourcePaths: Set<String>) throws -> [String: [Int: [String]]] {
            var lessonsByLine: [String: [Int: [String]]] = [:]
            for plan in Set(work.jobs.filter { $0.group == identity }.map(\.plan)).sorted() {
                let profiles = CoverageRunner.profileFiles(under: folder + "/profiles/\(plan)")
                let objects = programs { $0.plan == plan }
                guard !profiles.isEmpty, !objects.isEmpty else { continue }
                let profile = folder + "/lesson-\(plan).profdata"
                try llvm.merge(profiles, into: profile)
                for (file, counts) in try llvm.lineCounts(of: sourcePaths, objects: objects, profile: profile) {
                    for (line, count) in counts where count > 0 {
                        lessonsByLine[file, default: [:]][line, default: []].append(plans[plan].path)
                    }
                }
            }
            return lessonsByLine
        }
    }

    /// The 1-based lines of an engine file that hold code: any token but a comment or a lone `}` (a line a
    /// multi-line literal spans is code).
    static func codeLines(_ source: String) -> [Int: Int] {
        let lexed = LexedSource(source)
        var lines: [Int: Int] = [:]
        for token in lexed.tokens where token.isCode && !lexed.token(token, is: "}") {
            for line in token.line...token.lastLine { lines[line + 1] = 0 }
        }
        return lines
    }
}
