import Foundation

/// A scenario as a Swift package of its own, its reader's build: the engine's files and the scenario as
/// `main.swift` in one executable target named `main` (the module a plain `swiftc main.swift …` makes, so
/// that types print as they do for the reader), in the lesson's language mode, and the expected output beside
/// it. `swift run` in the folder prints what `--strategy isolated` ran, without the checker's `#sourceLocation`
/// lines or its runtime support.
package struct ScenarioPackage: Sendable {
    package var files: [(path: String, contents: String)]

    /// Why a block cannot be ejected.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// The package of the scenario whose check is reported at `line` (its opening fence: a line of the
    /// scenario or its expected block, as `LessonPlan.checkedBlock(at:)` finds it).
    package static func of(_ plan: LessonPlan, line: Int, catalog: EngineCatalog) throws -> ScenarioPackage {
        guard let opening = plan.checkedBlock(at: line),
            let scenario = plan.scenarios.first(where: { $0.block.openingLine == opening })
        else {
            throw Refusal(
                description: "\(plan.path):\(line): no scenario holds line \(line); eject takes a scenario's line")
        }
        guard scenario.options.exercise == nil else {
            throw Refusal(description: "\(plan.path):\(line): an exercise's starter is the student's to write")
        }
        let engine: ResolvedEngine
        switch EngineResolution.resolve(plan, catalog: catalog, markdownPath: plan.path) {
        case .resolved(let resolved): engine = resolved
        case .unresolved(let finding): throw Refusal(description: "\(finding.location.description): \(finding.message)")
        }
        var files = [(path: "Package.swift", contents: manifest(languageMode: plan.languageMode))]
        for source in engine.sources where source.name != "main.swift" {
            files.append(("Sources/main/" + source.name, source.contents))
        }
        files.append(("Sources/main/main.swift", scenario.block.text))
        if let expected = scenario.expectedLines {
            files.append(("expected-output.txt", expected.map { $0 + "\n" }.joined()))
        }
        return ScenarioPackage(files: files)
    }

    static func manifest(languageMode: LanguageMode) -> String {
        """
        // swift-tools-version:6.0
        // A scenario of a lesson, as its reader builds it: `swift run` prints what expected-output.txt says.
        import PackageDescription

        let package = Package(
            name: "scenario",
            targets: [
                .executableTarget(
                    name: "main", path: "Sources/main", swiftSettings: [.swiftLanguageMode(.v\(languageMode.version))])
            ]
        )

        """
    }

    /// Writes the package into `folder`, which must not exist or be empty: nothing is overwritten.
    package func write(to folder: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw Refusal(description: "\(folder) is a file; eject writes into a new or empty folder")
        }
        if let entries = try? manager.contentsOfDirectory(atPath: folder), !entries.isEmpty {
            throw Refusal(description: "\(folder) is not empty; eject writes into a new or empty folder")
        }
        for file in files {
            let path = folder + "/" + file.path
            try manager.createDirectory(
                atPath: Paths.parent(path), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}
