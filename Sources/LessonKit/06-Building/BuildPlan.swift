/// How a job's program is built: `MergePolicy`'s one answer for every kind of job (a lesson's scenario, a
/// book's listing or test, a grading's test, a scenario coverage measures, an engine built on its own). The
/// executor switches on it and decides nothing; what it may still choose is what it can do (link modules,
/// compile file by file), never what a program needs.
package struct BuildPlan: Hashable, Sendable {
    /// Wrapped with the others of its group, or built alone, and why.
    package var way: MergePolicy.Decision
    /// Which programs may share its build.
    package var group: MergeGroup
    /// What the program is, which says what a build that fails means.
    package var kind: ProgramKind

    package init(way: MergePolicy.Decision, group: MergeGroup, kind: ProgramKind = .scenario) {
        self.way = way
        self.group = group
        self.kind = kind
    }

    /// A program that is its engine alone, with an empty `main.swift`: an exercise starter, a submission on
    /// its own, engine files no scenario builds.
    package static func engineOnly(_ reason: BuildAloneReason) -> BuildPlan {
        BuildPlan(way: .alone(reason), group: MergeGroup(engine: .unshared), kind: .scenario)
    }

    /// Why it is not wrapped as it is; nil when it is.
    package var aloneReason: BuildAloneReason? {
        switch way {
        case .wrapped: nil
        case .movingDeclarations(let reason), .module(let reason), .alone(let reason): reason
        }
    }

    /// How the program is wrapped in a function, when it is (a program whose declarations move is wrapped
    /// as it is otherwise).
    package var wrapping: MergePolicy.Wrapping? {
        switch way {
        case .wrapped(let wrapping): wrapping
        case .movingDeclarations: MergePolicy.Wrapping()
        case .module, .alone: nil
        }
    }

    /// Whether a build that fails is an answer worth keeping in the cache: a book's program that does not
    /// build is a note, and stays one until its text changes.
    package var failedBuildIsFinal: Bool { kind != .scenario }

    /// Whether the errors a merged build gives in the program's own lines are its answer, so that it is not
    /// built again alone: a book's program, unless its declarations moved (it may fail for the move, and its
    /// errors are then not those of its program built alone).
    package var mergedErrorsAreFinal: Bool {
        guard failedBuildIsFinal else { return false }
        if case .movingDeclarations = way { return false }
        return true
    }

    /// Whether the program may be one of grading's two programs compiled at once (`TwoProgramBuild`): wrapped,
    /// importing nothing, and not ending its process at its function's end.
    package var fitsTwoProgramBuild: Bool {
        guard case .wrapped(let wrapping) = way else { return false }
        return wrapping.imports.isEmpty && !wrapping.exitsAtEnd
    }
}

/// Which programs may share one merged build: those of one engine and the same hoisted imports (the engine is
/// compiled with them: `ProgramSource.importsFile`), whichever lessons they come from.
package struct MergeGroup: Hashable, Sendable {
    package var engine: EngineIdentity
    /// The `import` lines every program of the group hoists (`HoistedImports`).
    package var imports: [String]

    package init(engine: EngineIdentity, imports: [String] = []) {
        self.engine = engine
        self.imports = imports
    }
}

/// Which scenarios may share one merged build: those of one engine, whichever lessons they come from, and
/// never a hidden test with a visible one (a visible test's program could read the hidden scenarios' strings
/// out of its own binary).
package enum EngineIdentity: Hashable, Sendable {
    /// An engine by content (file names and sources) and language mode.
    case content(String)
    /// The visible tests of a grading.
    case visibleTests
    /// The hidden tests of a grading.
    case hiddenTests
    /// A program built alone whatever it holds.
    case unshared
}

/// What a job's program is.
package enum ProgramKind: Hashable, Sendable {
    /// A lesson's scenario, a grading's test, an engine built on its own: built as its author wrote it, so a
    /// merged build that fails for it is built again alone.
    case scenario
    /// A book's listing, after the listings before it (its context), whose output is discarded.
    case listing
    /// A book's hidden test: its blocks are parts of one program, and what every part prints is output.
    case bookTest
}
