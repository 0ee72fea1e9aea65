/// The version of the checker: what `lesson --version` prints, and part of every cache key.
package enum LessonKitVersion {
    /// Raised whenever a release changes what the checker stores or how it judges, so that no cached result
    /// of an older version is reused.
    package static let current = "0.3.0"
}
