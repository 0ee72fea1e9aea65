/// The markers a shared run prints around each segment (`_lessonBeginSegment` and `_lessonEndSegment` of
/// the runtime support; see `SharedRuns.swift`). A segment's end is marked on both streams: what the
/// earlier program alone would have written to stderr is everything before it.
enum SegmentMarker {
    /// The segment of the run's own listing, after all the others.
    static let ownSegment = -1

    static func begin(_ segment: Int) -> [UInt8] { Array("\u{1}begin \(segment)\u{1}".utf8) }
    static func end(_ segment: Int) -> [UInt8] { Array("\u{1}end \(segment)\u{1}".utf8) }
}
