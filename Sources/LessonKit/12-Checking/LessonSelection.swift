/// What a check covers: with `--filter TEXT`, the lessons whose path contains TEXT, and elsewhere the
/// scenarios whose description (and the book tests whose name) contains it; with `--shard`, only the lessons of that shard. Engine drift is
/// still judged against every lesson of a course folder, but reported only for lessons selected whole, so
/// each drift is reported by exactly one shard: the one holding the reprint.
public struct LessonSelection: Sendable {
    package enum Scope: Equatable, Sendable {
        case whole
        case scenarios
        /// The blocks `lesson check PATH:LINE` names, and what they are built with.
        case blocks
        case none
    }

    package var filter: String?
    /// With `--shard`: the shard and the owner of every lesson; nil checks every lesson.
    package var sharding: ShardAssignment?
    /// `PATH:LINE` arguments: the lines whose blocks alone are checked, by the lesson's absolute path. When
    /// there are any, only the lessons they name are checked.
    package var blockLines: [String: Set<Int>] = [:]
    /// Lessons checked whole beside the blocks of `blockLines`, by absolute path (a course package's tests,
    /// where a lesson's own test case and some scenarios of another are selected).
    package var wholeLessons: Set<String> = []

    /// Whether every check of every lesson is made: no filter, shard or block selects some.
    package var isEverything: Bool { filter == nil && sharding == nil && blockLines.isEmpty && wholeLessons.isEmpty }

    /// Checks the lessons and scenarios `filter` selects (see `--filter`), or every one.
    public init(filter: String? = nil) {
        self.init(filter: filter, sharding: nil)
    }

    package init(filter: String?, sharding: ShardAssignment?) {
        self.filter = filter
        self.sharding = sharding
    }

    package func scope(of plan: LessonPlan) -> Scope {
        if let sharding, !sharding.owns(plan.path) { return .none }
        if !blockLines.isEmpty || !wholeLessons.isEmpty {
            let path = Paths.absolute(plan.path)
            return wholeLessons.contains(path) ? .whole : blockLines[path] == nil ? .none : .blocks
        }
        return filterScope(of: plan)
    }

    /// The lines the checks of the selected blocks of `plan` are reported at.
    package func checkedBlocks(of plan: LessonPlan) -> Set<Int> {
        Set((blockLines[Paths.absolute(plan.path)] ?? []).compactMap(plan.checkedBlock(at:)))
    }

    /// The scope `--filter` alone gives: what an unsharded check would report.
    package func filterScope(of plan: LessonPlan) -> Scope {
        guard let filter else { return .whole }
        if plan.path.contains(filter) { return .whole }
        let named =
            plan.scenarios.contains { $0.description.contains(filter) }
            || plan.bookTests.contains { $0.name.contains(filter) }
        return named ? .scenarios : .none
    }

    /// The part of `plan` to check under `scope`.
    package func narrowed(_ plan: LessonPlan, to scope: Scope) -> LessonPlan {
        guard scope != .whole else { return plan }
        if scope == .blocks { return plan.narrowed(toBlocksAt: checkedBlocks(of: plan)) }
        var narrowed = plan
        narrowed.scenarios = scope == .none ? [] : plan.scenarios.filter { $0.description.contains(filter ?? "") }
        narrowed.bookTests = scope == .none ? [] : plan.bookTests.filter { $0.name.contains(filter ?? "") }
        narrowed.snippets = []
        narrowed.blockFindings = [:]
        // Only the warnings of the scenarios and book tests kept are reported.
        let kept = Set(narrowed.scenarios.map(\.block.openingLine) + narrowed.bookTests.map(\.line))
        narrowed.warnings = plan.warnings.filter { kept.contains($0.key) }
        // A lesson left out builds nothing; its report is dropped anyway.
        if scope == .none { narrowed.exerciseStarters = [] }
        return narrowed
    }
}
