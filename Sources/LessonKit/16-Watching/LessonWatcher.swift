import Foundation

/// `lesson check --watch`: checks, then re-checks each time a lesson or engine file is saved, until
/// interrupted. It polls modification times and sizes (portable, no file-system events needed); the result
/// cache makes a re-check cost only what changed.
package struct LessonWatcher: Sendable {
    package var paths: [String]
    package var checker: LessonChecker
    package var selection: LessonSelection
    /// Folders whose every file is watched too (the `--engines` folder).
    package var extraFolders: [String]
    package var interval: Double

    package init(
        paths: [String], checker: LessonChecker, selection: LessonSelection, extraFolders: [String] = [],
        interval: Double = 0.3
    ) {
        self.paths = paths
        self.checker = checker
        self.selection = selection
        self.extraFolders = extraFolders
        self.interval = interval
    }

    struct Stamp: Equatable {
        var modified: Date
        var size: Int
    }

    /// Checks now and after every change, calling `emit` with each fresh report. Never returns.
    package func run(_ emit: (CheckReport) -> Void) -> Never {
        var last: [String: Stamp]?
        while true {
            let current = snapshot()
            if current != last {
                last = current
                let files = current.keys.filter(LessonDiscovery.isMarkdown).sorted()
                let time = DateFormatter.localizedString(from: Date(), dateStyle: .none, timeStyle: .medium)
                log("[\(time)] checking \(files.count) lesson\(files.count == 1 ? "" : "s")")
                if let lessons = try? LessonDiscovery.lessonFiles(in: paths) {
                    emit(checker.check(files: lessons, selection: selection))
                } else {
                    log("no lesson found in \(paths.joined(separator: ", "))")
                }
                log("watching for changes; press Ctrl-C to stop")
            }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Every watched file with its modification time and size.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let lessons = (try? LessonDiscovery.lessonFiles(in: paths)) ?? []
        var files = lessons
        for folder in extraFolders {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String { files.append(folder + "/" + relative) }
        }
        for file in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { continue }
            stamps[file] = Stamp(
                modified: attributes[.modificationDate] as? Date ?? .distantPast,
                size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
        return stamps
    }

    private func log(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
