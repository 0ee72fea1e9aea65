/// What the library reports to its users when it cannot do what it was asked: one type for every command
/// and every caller, said in one line. (What it finds wrong in a lesson is a `Finding`, a value.)
public struct LessonError: Error, CustomStringConvertible, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The request itself is wrong: an option's value, a shard, a call that cannot apply; the command
        /// line points at `--help`.
        case usage
        /// A report or summary to read back is not one this version wrote.
        case invalidReport
        /// An input cannot be found or read: a lesson, an exercise, a submission, an engine folder.
        case input
        /// An output cannot be written.
        case output
        /// The toolchain, or a tool beside it, is missing or failed.
        case toolchain
        /// The system refused: a process, a pipe, a temporary folder; or the run was interrupted.
        case system
    }

    public var kind: Kind
    public var message: String
    /// The same for a student, when the error is about their submission: no path of the grader's machine,
    /// only the submission's own names. Nil when the error is the grader's own.
    public var studentReason: UngradableReason?

    public init(_ kind: Kind, _ message: String, studentReason: UngradableReason? = nil) {
        self.kind = kind
        self.message = message
        self.studentReason = studentReason
    }

    public var description: String { message }
}
