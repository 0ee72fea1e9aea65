/// Gives every block of a lesson its role, following the course format with no markup:
/// - a `swift` block whose first line is `// main.swift — …` is a scenario;
/// - a `swift` block whose first line is `// Name.swift — …` is an engine file, unless it imports an
///   Apple-only framework (then it is a platform snippet);
/// - any other `swift` block is a platform snippet;
/// - the first fence with an empty info string after a scenario, before the next `swift` block, is the
///   scenario's expected output.
public enum LessonPlanner {
    public static let supportedSwiftVersions: Set<String> = ["5", "6"]

    public static func plan(_ lesson: Lesson) -> LessonPlan {
        var roles: [BlockRole] = []
        var engineFiles: [EngineFile] = []
        var scenarios: [Scenario] = []
        var snippets: [FencedBlock] = []
        var blockFindings: [Int: [Finding]] = [:]
        var starters: [EngineFile] = []
        var findings = lesson.readingFindings
        var awaitingOutput: Int?  // index in `scenarios` of the scenario still looking for its output
        var firstEngineFile: [String: FencedBlock] = [:]  // by file name, to find a reprint in constant time

        for block in lesson.blocks {
            let language = block.info.language
            if language == "swift" {
                awaitingOutput = nil
                let header = block.firstLine.flatMap(FileHeader.init)
                if let header, !PlatformImports.importsPlatformFramework(block.content) {
                    if header.isMain {
                        let (options, problems) = BlockAttributes.scenario(block, in: lesson)
                        scenarios.append(
                            Scenario(
                                block: block, header: header, expected: nil, options: options,
                                outputOptions: OutputOptions(), attributeFindings: problems))
                        awaitingOutput = scenarios.count - 1
                        roles.append(.scenario(description: header.description))
                    } else if let exercise = block.info.attribute("exercise") {
                        // The starter of an engine exercise: built, never compiled into the scenarios, never drift.
                        starters.append(EngineFile(fileName: header.fileName, block: block))
                        if exercise.value?.isEmpty ?? true {
                            blockFindings[block.openingLine] = [
                                Finding(
                                    .malformedInfoString, at: lesson.location(block.openingLine),
                                    "attribute 'exercise' needs an ID: exercise=ID")
                            ]
                        }
                        roles.append(.engineFile(fileName: header.fileName))
                    } else {
                        if let earlier = firstEngineFile[header.fileName] {
                            findings.append(
                                Finding(
                                    .duplicateEngineFile, at: lesson.location(block.openingLine),
                                    "engine file '\(header.fileName)' is printed twice in this lesson "
                                        + "(first at line \(earlier.openingLine))"))
                        }
                        engineFiles.append(EngineFile(fileName: header.fileName, block: block))
                        if firstEngineFile[header.fileName] == nil { firstEngineFile[header.fileName] = block }
                        let problems = BlockAttributes.problems(
                            of: block, known: BlockAttributes.engineFileAttributes, role: "an engine file", in: lesson)
                        if !problems.isEmpty { blockFindings[block.openingLine] = problems }
                        roles.append(.engineFile(fileName: header.fileName))
                    }
                } else {
                    snippets.append(block)
                    roles.append(.snippet)
                    let problems = BlockAttributes.problems(
                        of: block, known: BlockAttributes.snippetAttributes, role: "a snippet", in: lesson)
                    if !problems.isEmpty { blockFindings[block.openingLine] = problems }
                }
            } else if isOutputFence(block), let index = awaitingOutput {
                scenarios[index].expected = block
                let (options, problems) = BlockAttributes.output(block, in: lesson)
                scenarios[index].outputOptions = options
                scenarios[index].attributeFindings += problems
                awaitingOutput = nil
                roles.append(.expectedOutput(scenarioLine: scenarios[index].block.openingLine))
            } else {
                roles.append(.other)
            }
        }

        var swiftVersion = "5"
        if let entry = lesson.frontMatter.entry("swift-version") {
            if case .text(let value) = entry.value, supportedSwiftVersions.contains(value) {
                swiftVersion = value
            } else {
                findings.append(
                    Finding(
                        .malformedFrontMatter, at: lesson.location(entry.line),
                        "malformed front matter: swift-version must be 5 or 6"))
            }
        }
        var namedEngine: (name: String, line: Int)?
        if let entry = lesson.frontMatter.entry("engine") {
            if case .text(let name) = entry.value, !name.isEmpty {
                namedEngine = (name, entry.line)
            } else {
                findings.append(
                    Finding(
                        .malformedFrontMatter, at: lesson.location(entry.line),
                        "malformed front matter: engine must name one engine, e.g. 'engine: Sync'"))
            }
        }
        findings.sort { $0.location < $1.location }
        return LessonPlan(
            lesson: lesson, roles: roles, engineFiles: engineFiles, scenarios: scenarios, snippets: snippets,
            blockFindings: blockFindings, exerciseStarters: starters, namedEngine: namedEngine,
            swiftVersion: swiftVersion,
            readingFindings: findings)
    }

    /// An expected-output fence: an empty info string, or `output` with its attributes.
    static func isOutputFence(_ block: FencedBlock) -> Bool {
        block.info.raw.isEmpty || block.info.language == "output"
    }
}
