import Foundation

/// Where contained runs get their working folders: `/run/lesson-sandbox` when it can be written (root, a
/// folder outside `/tmp` that only root may list), else a folder of this user's under `$TMPDIR` or `/tmp`
/// (a read-only root, a non-root grader). Each run folder is named after the grader's process, so a run
/// that a SIGKILL cut short leaves a folder the next run recognises as abandoned and removes.
package enum ScratchFolder {
    static func choose(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let user = geteuid()
        var candidates = user == 0 ? ["/run/lesson-sandbox"] : []
        if let temporary = environment["TMPDIR"], !temporary.isEmpty, temporary.hasPrefix("/") {
            candidates.append(temporary + "/lesson-sandbox-\(user)")
        }
        candidates.append("/tmp/lesson-sandbox-\(user)")
        for candidate in candidates where prepare(candidate) {
            removeAbandoned(in: candidate)
            return candidate
        }
        // Each candidate exists but is not this user's own (someone made it first): never use a folder
        // another user controls; make a fresh one of this user's.
        var template = Array("/tmp/lesson-sandbox-\(user)-XXXXXX".utf8CString)
        if let created = mkdtemp(&template) {
            let folder = String(cString: created)
            chmod(folder, 0o711)
            return folder
        }
        return candidates[candidates.count - 1]
    }

    /// The folder of the sandbox users' machine-wide locks (`UIDPool`): one path every grader on the machine
    /// finds, whichever scratch folder it chose. A grader on a read-only root works under `/tmp`, another
    /// under `/run`, and `TMPDIR` differs from one to the next: with locks in their scratch folders, two
    /// such graders would hand the same user to two students, and each would kill the other's processes
    /// when its run ended. `/tmp/lesson-uid-locks-<uid>` when it is this user's own, else the scratch folder.
    package static func uidLockFolder(fallback scratch: String, preferred: String = uidLocks) -> String {
        prepare(preferred, mode: 0o700) ? preferred : scratch
    }

    package static var uidLocks: String { "/tmp/lesson-uid-locks-\(geteuid())" }

    /// Creates the folder (mode 0711 by default: others may pass through to their own run folder, not list
    /// it) and checks that a folder can be made in it.
    static func prepare(_ folder: String, mode: mode_t = 0o711) -> Bool {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
            return false
        }
        chmod(folder, mode)
        let probe = folder + "/probe-\(getpid())"
        guard mkdir(probe, 0o700) == 0 else { return false }
        rmdir(probe)
        return true
    }

    /// A fresh run folder, `run-<grader pid>-XXXXXX`.
    static func makeRunFolder(in scratch: String) throws -> String {
        var template = Array("\(scratch)/run-\(getpid())-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw LessonError(.system, "cannot create a folder under \(scratch): \(String(cString: strerror(errno)))")
        }
        return String(cString: created)
    }

    /// Removes a run folder whatever its program left in it: a folder of mode 000 stops a non-root grader's
    /// plain removal, so every folder is opened to its owner first.
    static func remove(_ folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            chmod(folder, 0o700)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                remove(folder + "/" + entry)
            }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Removes the run folders of graders that are no longer running.
    static func removeAbandoned(in scratch: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: scratch) else { return }
        for entry in entries where entry.hasPrefix("run-") {
            let fields = entry.split(separator: "-")
            guard fields.count >= 3, let pid = Int32(fields[1]), pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                // A mount left by a namespace that died with it is gone with the namespace; this is the folder.
                remove(scratch + "/" + entry)
            }
        }
    }
}
