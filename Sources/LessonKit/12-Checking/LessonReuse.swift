import Foundation

/// Answers lessons that have not changed since their last check straight from the result cache, before
/// reading their blocks, so a warm check costs a read and a hash per file, in a debug build too.
///
/// A lesson's report depends on its own bytes, on the checker and the compiler (in every key), on the
/// options, on the engines, and through drift on the other lessons of its course folder: on what drift reads
/// of them (each one's engine reprints, where they start, the engine it names, whether it could be read).
/// The key holds all of them: the SHA-256 of the lesson's bytes, the options and the catalog's engine files,
/// and the folder's *drift digest*, made of each lesson of the folder (among those checked) and what drift
/// reads of it. What drift reads of a lesson is kept in the cache by the SHA-256 of its bytes, so an
/// unchanged folder is answered without reading a block; a lesson edited elsewhere than in its engine
/// reprints leaves the drift digest as it was, and only that lesson is checked again. Whole files are
/// hashed, in C. A size-and-date shortcut would save the hash, but a file rewritten within one timestamp
/// tick would keep a stale result; hashing a course costs milliseconds.
struct LessonReuse {
    let cache: ResultCache
    let keys: CacheKeys
    let paths: [String]
    let settings: String
    /// The bytes read to compute the keys, planned from these same bytes so a key never names other content.
    let contents: [Data?]
    /// The SHA-256 of each lesson's bytes; nil when the file cannot be read (it is checked, never answered
    /// from the cache).
    private let digests: [String?]
    /// What drift reads of each lesson, where the cache knows it or the lesson was planned.
    private var driftInputs: [String?]
    /// Each lesson's stand-in (`DriftStandIn`), where the cache keeps one.
    private var standIns: [String?]
    /// Each lesson's key, from the digests and `driftInputs`: nil for a lesson that cannot be read, or whose
    /// folder holds a lesson of which what drift reads is not known.
    private var lessonKeys: [String?] = []

    /// Threads that read, hash and decode at once: a warm check of a site is those three, file after file.
    let jobs: Int

    init(paths: [String], cache: ResultCache, keys: CacheKeys, settings: String, jobs: Int) {
        self.cache = cache
        self.keys = keys
        self.paths = paths
        self.settings = settings
        self.jobs = jobs
        let reads = ParallelMap.map(paths, jobs: jobs) { path -> (Data?, String?, DriftRecord?) in
            guard case .bytes(let data) = LessonFileBytes.read(path) else { return (nil, nil, nil) }
            let digest = SHA256.hex(data)
            return (data, digest, cache.load(DriftRecord.self, key: Self.driftKey(digest, keys, settings)))
        }
        contents = reads.map(\.0)
        digests = reads.map(\.1)
        let records = reads.map(\.2)
        // A file that cannot be read is a finding of its own and gives drift nothing to compare.
        driftInputs = zip(digests, records).map { digest, record in digest == nil ? "unreadable" : record?.inputs }
        standIns = records.map { $0?.standIn }
        lessonKeys = makeLessonKeys()
    }

    /// The cached report of each lesson, nil where there is none or where what drift reads of a lesson of
    /// its folder is not known yet; a report of `known` is kept as it is.
    func load(keeping known: [LessonReport?]? = nil) -> [LessonReport?] {
        ParallelMap.map(Array(zip(paths.indices, lessonKeys)), jobs: jobs) { [cache] index, key in
            known?[index] ?? key.flatMap { cache.load(LessonReport.self, key: $0) }
        }
    }

    /// The lessons of which the cache does not know what drift reads (edited ones): planned first, so that
    /// `learn` can tell which of the others are answered.
    var lessonsToLearn: [Int] { paths.indices.filter { driftInputs[$0] == nil } }

    /// Learns what drift reads of each lesson from its plan (`plans[index]`) where the cache did not know it,
    /// and keeps it in the cache, for the keys of `load` and `store`.
    mutating func learn(_ plans: [LessonPlan?]) {
        // Lessons of the same bytes (a course copied into several folders) share one entry, written once:
        // writing a file again replaces it, which the file system may flush at once.
        var stored = Set<String>()
        for index in plans.indices where driftInputs[index] == nil {
            guard let digest = digests[index], let plan = plans[index] else { continue }
            let inputs = Self.driftInputs(of: plan)
            driftInputs[index] = inputs
            guard stored.insert(digest).inserted else { continue }
            cache.store(
                DriftRecord(inputs: inputs, standIn: DriftStandIn.text(of: plan)),
                key: Self.driftKey(digest, keys, settings))
        }
        lessonKeys = makeLessonKeys()
    }

    /// Keeps each report, by the index of its lesson.
    func store(_ reports: [(index: Int, report: LessonReport)]) {
        for (index, report) in reports {
            if let key = lessonKeys[index] { cache.store(report, key: key) }
        }
    }

    /// The plan drift reads of lesson `index`, answered by the cache: its stand-in's (`DriftStandIn`), where
    /// the cache keeps one.
    func driftStandIn(_ index: Int) -> LessonPlan? {
        standIns[index].flatMap { DriftStandIn.plan($0, path: paths[index]) }
    }

    /// What drift reads of a lesson, as the cache keeps it by the SHA-256 of the lesson's bytes: its digest
    /// (`driftInputs(of:)`) and its stand-in, one entry (a cold check writes one file fewer a lesson).
    private struct DriftRecord: Codable, Sendable {
        var inputs: String
        var standIn: String?
    }

    /// The key of what drift reads of the lesson whose bytes have `digest`.
    private static func driftKey(_ digest: String, _ keys: CacheKeys, _ settings: String) -> String {
        keys.key(["drift", digest, settings])
    }

    private func makeLessonKeys() -> [String?] {
        var folders: [String: [Int]] = [:]
        for index in paths.indices { folders[LessonReport.courseFolder(of: paths[index]), default: []].append(index) }
        var folderDigests: [String: String] = [:]
        for (folder, members) in folders {
            var hasher = SHA256()
            var known = true
            for index in members.sorted(by: { paths[$0] < paths[$1] }) {
                guard let inputs = driftInputs[index] else {
                    known = false
                    break
                }
                hasher.update("\(paths[index].utf8.count)\u{0}\(paths[index])\u{0}\(inputs)\n")
            }
            if known { folderDigests[folder] = hasher.finalize() }
        }
        var exerciseDigests: [String: String] = [:]
        return paths.indices.map { index in
            let courseFolder = LessonReport.courseFolder(of: paths[index])
            guard let digest = digests[index], let folder = folderDigests[courseFolder] else { return nil }
            if exerciseDigests[courseFolder] == nil {
                exerciseDigests[courseFolder] = Self.exerciseFilesDigest(besides: courseFolder)
            }
            return keys.key([
                "lesson", paths[index], Paths.absolute(paths[index]), digest, folder, exerciseDigests[courseFolder]!,
                settings,
            ])
        }
    }

    /// The files beside a lesson's folder that its checks build with or grade: the exercises' reference
    /// solutions (`solutions/<ID>/<File>`, which a lesson's scenarios build with where the course's engine
    /// leaves the exercise's file out) and hidden tests (`hidden/<ID>.md`); for the hidden tests' own folder,
    /// the solutions beside it. A solution edited since the last check is a new key, never a stale verdict.
    static func exerciseFilesDigest(besides folder: String) -> String {
        let parent =
            (folder as NSString).lastPathComponent == "hidden" ? Paths.parent(folder) : nil
        let base = { (folder: String) in folder == "." ? "" : folder + "/" }
        let folders =
            [base(folder) + "solutions", base(folder) + "hidden"] + (parent.map { [base($0) + "solutions"] } ?? [])
        var hasher = SHA256()
        for root in folders {
            guard let names = FileManager.default.subpaths(atPath: root) else { continue }
            for name in names.sorted() {
                let path = root + "/" + name
                guard let text = LessonFileBytes.text(path) else { continue }
                hasher.update("\(path.utf8.count)\u{0}\(path)\u{0}\(text.utf8.count)\u{0}")
                hasher.update(text)
            }
        }
        return hasher.finalize()
    }

    /// What `EngineDrift` reads of a lesson, as a digest: the engine it names, whether its reading found
    /// what keeps it out of drift, and each engine reprint's file name, first line and lines.
    static func driftInputs(of plan: LessonPlan) -> String {
        var hasher = SHA256()
        hasher.update("engine \(plan.namedEngine?.name ?? "-")\u{0}")
        hasher.update("unreadable \(plan.readingFindings.contains { $0.kind != .malformedFrontMatter })\u{0}")
        for file in plan.engineFiles {
            let lines = file.block.content.map(\.text)
            hasher.update("\(file.fileName)\u{0}\(file.block.openingLine)\u{0}\(lines.count)\u{0}")
            for line in lines { hasher.update("\(line.utf8.count)\u{0}\(line)") }
        }
        return hasher.finalize()
    }

    /// What else a report depends on: the options that change results and every engine of the catalog.
    static func settings(_ options: CheckOptions, catalog: EngineCatalog) -> String {
        var hasher = SHA256()
        for name in catalog.names {
            for file in catalog[name]!.files {
                hasher.update("\(name)\u{0}\(file.name)\u{0}\(file.path)\u{0}\(file.contents.utf8.count)\u{0}")
                hasher.update(file.contents)
            }
        }
        return [
            "timeout \(options.timeout)", "output \(options.outputLimit)", "build timeout \(options.buildTimeout)",
            "strategy \(options.strategy.rawValue)", "engines \(hasher.finalize())",
        ].joined(separator: "\n")
    }
}
