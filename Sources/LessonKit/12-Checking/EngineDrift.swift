/// Engine drift: a lesson's reprint of an engine file that is no longer the engine.
///
/// A lesson that names its engine (`engine: Sync`) is compared with that engine's file of the same name.
/// Lessons that name none are compared with each other, per course folder and file name: the version most of
/// them reprint is the reference (on a tie, the one of the earliest lesson by path), and every reprint that
/// differs from it drifts. Each comparison is one check; a drift is reported at the first differing line.
enum EngineDrift {
    struct Reprint {
        var plan: Int
        var file: EngineFile
    }

    /// The drift checks of each plan, by plan index. `eligible` leaves out lessons that cannot be trusted.
    static func checks(_ plans: [LessonPlan], eligible: Set<Int>, catalog: EngineCatalog) -> [[CheckResult]] {
        var checks = [[CheckResult]](repeating: [], count: plans.count)
        var unnamed: [String: [Reprint]] = [:]  // "course folder/file name" → reprints
        for index in plans.indices.sorted(by: { plans[$0].path < plans[$1].path }) where eligible.contains(index) {
            let plan = plans[index]
            for file in plan.engineFiles {
                if let named = plan.namedEngine {
                    guard let canonical = catalog[named.name]?.file(named: file.fileName) else { continue }
                    checks[index].append(
                        compare(
                            file, in: plan, with: canonical.lines,
                            reference: "the \(named.name) engine's \(canonical.name)"))
                } else {
                    unnamed[LessonReport.courseFolder(of: plan.path) + "\n" + file.fileName, default: []].append(
                        Reprint(plan: index, file: file))
                }
            }
        }
        for reprints in unnamed.values where reprints.count > 1 {
            let (reference, count) = agreedVersion(of: reprints)
            let lines = reference.file.block.content.map(\.text)
            let description =
                "the version most lessons of this course reprint (\(plans[reference.plan].path):"
                + "\(reference.file.block.openingLine), \(count) of \(reprints.count) lessons)"
            for reprint in reprints {
                checks[reprint.plan].append(
                    compare(reprint.file, in: plans[reprint.plan], with: lines, reference: description))
            }
        }
        return checks
    }

    /// The version most reprints agree on, and how many do; on a tie, the earliest lesson's (reprints come in
    /// path order).
    static func agreedVersion(of reprints: [Reprint]) -> (reprint: Reprint, count: Int) {
        var versions = ReprintVersions()
        for reprint in reprints { versions.add(reprint) }
        return versions.agreed!
    }

    /// The versions of one engine file that lessons reprint, each reprint counted once by its text: a file
    /// reprinted in thousands of lessons costs one lookup each, not a comparison of every pair.
    struct ReprintVersions {
        private var counts: [String: Int] = [:]
        private var versions: [(text: String, first: Reprint)] = []
        /// How many texts were looked up: what guards the cost's shape.
        private(set) var lookups = 0

        mutating func add(_ reprint: Reprint) {
            let text = reprint.file.block.text
            lookups += 1
            if counts[text] == nil { versions.append((text, reprint)) }
            counts[text, default: 0] += 1
        }

        /// The version most reprints agree on and how many do, the earliest on a tie; nil before any reprint.
        var agreed: (reprint: Reprint, count: Int)? {
            guard var best = versions.first else { return nil }
            for version in versions.dropFirst() where counts[version.text]! > counts[best.text]! { best = version }
            return (best.first, counts[best.text]!)
        }
    }

    static func compare(
        _ file: EngineFile, in plan: LessonPlan, with reference: [String], reference description: String
    )
        -> CheckResult
    {
        let block = file.block
        var check = CheckResult(
            kind: .drift, location: plan.lesson.location(block.openingLine), name: "\(file.fileName) drift",
            status: .passed)
        let reprint = block.content.map(\.text)
        guard reprint != reference else { return check }
        var first = 0
        while first < reprint.count && first < reference.count && reprint[first] == reference[first] { first += 1 }
        let line = first < reprint.count ? block.firstContentLine + first : block.lastLine
        let diff = LineDiff(old: reprint, new: reference).unifiedHunks(firstLine: block.firstContentLine)
        check.status = .failed
        check.fix = BlockFix(
            action: .replaceContent, blockLine: block.openingLine, lines: reference,
            subject: "engine file \(file.fileName)")
        check.findings = [
            Finding(
                .drift, at: plan.lesson.location(line),
                "engine drift: this reprint of \(file.fileName) differs from \(description)", diff: diff)
        ]
        return check
    }
}
