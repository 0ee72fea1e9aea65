import Foundation

/// The processes a process started, however they left its process group: the Swift driver starts
/// `swift-frontend` in a process group of its own, so killing the driver's group misses the compiler.
package enum ProcessTree {
    /// Every living descendant of `root`, read from `/proc` (empty where there is no `/proc`).
    package static func descendants(of root: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let pid = pid_t(entry), let parent = parentID(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var queue = children[root] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += children[next] ?? []
        }
        return found
    }

    /// The children of `parent`: the pids its threads list in `/proc/PID/task/TID/children` (no scan of
    /// every process); empty where the kernel does not list them.
    package static func children(of parent: pid_t) -> [pid_t] {
        let tasks = "/proc/\(parent)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return [] }
        return threads.flatMap { thread -> [pid_t] in
            guard let data = FileManager.default.contents(atPath: "\(tasks)/\(thread)/children") else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: " ").compactMap { pid_t($0) }
        }
    }

    /// Kills `root`'s process group and every descendant of it, wherever they are.
    package static func killAll(from root: pid_t) {
        // Stopped first, so that nothing forks between reading the tree and killing it. The root itself too:
        // an orphan whose session leader has ended is in no group of its own (`kill(-root)` misses it).
        kill(root, SIGSTOP)
        kill(-root, SIGSTOP)
        for pid in descendants(of: root) { kill(pid, SIGSTOP) }
        let tree = descendants(of: root)
        kill(-root, SIGKILL)
        kill(root, SIGKILL)
        for pid in tree { kill(pid, SIGKILL) }
    }

    /// The parent's ID from `/proc/PID/stat`: the fourth field, after the command name in parentheses.
    private static func parentID(of pid: pid_t) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}
