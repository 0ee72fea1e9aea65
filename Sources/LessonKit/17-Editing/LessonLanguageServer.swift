import Foundation

/// `lesson lsp`: the checker as a language server for lesson Markdown (docs/editors.md). A lesson is checked
/// when it is opened and each time it is saved, off the message loop, with the cache the command line
/// uses; its findings are published as diagnostics at their lines, and a finding with a fix (an expected
/// output, output comments, a book test's lines) offers "Accept the actual output". Each check of the last
/// run is a code lens with its result, and hovering its block shows what it printed
/// (`LessonLanguageServer+Lenses`). Unsaved text is never
/// checked: a check builds programs, and checks on every keystroke would queue builds no one reads.
///
/// A check that a later open or save makes stale is not published. Every request gets an answer (an
/// error for one the server does not know or cannot read); nothing a client sends stops the server but
/// `exit`.
package final class LessonLanguageServer: @unchecked Sendable {
    private let checker: LessonChecker
    private let send: @Sendable (Data) -> Void
    let lock = NSLock()
    private let checks = DispatchQueue(label: "lesson.lsp.checks")
    private let pending = DispatchGroup()
    /// The text of each open document, as the client last sent it.
    var documents: [String: String] = [:]
    /// How many checks of each document were asked for: a check publishes only while it is the last one.
    private var generations: [String: Int] = [:]
    /// The last report of each document, with the text on disk it was made from.
    var reports: [String: (report: LessonReport, text: String)] = [:]
    package private(set) var shutdownRequested = false
    /// The baseline whose known errors are notes (`lesson-baseline.json` where the server runs); nil for none.
    let baselinePath: String?

    package init(checker: LessonChecker, baseline: String? = nil, send: @escaping @Sendable (Data) -> Void) {
        self.checker = checker
        self.baselinePath = baseline
        self.send = send
    }

    /// Waits for the checks asked for so far (tests, and `exit`).
    package func waitForChecks() { pending.wait() }

    /// Handles one message; returns false after `exit`.
    package func handle(_ body: Data) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: body), let message = object as? [String: Any] else {
            reply(id: NSNull(), error: (-32700, "the message is not a JSON object"))
            return true
        }
        let id = message["id"]
        guard let method = message["method"] as? String else {
            // A response to a request of ours (the server sends none), or nothing a server can act on.
            if id == nil { log("a message without a method was ignored") }
            return true
        }
        let params = message["params"] as? [String: Any] ?? [:]
        switch method {
        case "initialize": reply(id: id, result: Self.capabilities)
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
        case "shutdown":
            lock.withLock { shutdownRequested = true }
            reply(id: id, result: NSNull())
        case "exit":
            waitForChecks()
            return false
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": check(uri(params))
        case "textDocument/didClose": didClose(params)
        case "textDocument/codeAction": reply(id: id, result: codeActions(params))
        case "textDocument/codeLens": reply(id: id, result: codeLenses(params))
        case "textDocument/hover": reply(id: id, result: hover(params) ?? NSNull())
        case "workspace/executeCommand":
            // `lesson.check URI [LINE]`: the lens's command, a check of the block at LINE (of the whole lesson
            // without one, as a save makes).
            let arguments = params["arguments"] as? [Any]
            check(arguments?.first as? String, line: arguments?.dropFirst().first as? Int)
            reply(id: id, result: NSNull())
        default:
            if let id { reply(id: id, error: (-32601, "unknown method \(method)")) }
        }
        return true
    }

    static var capabilities: [String: Any] {
        [
            "capabilities": [
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                "codeActionProvider": true, "codeLensProvider": ["resolveProvider": false], "hoverProvider": true,
                "executeCommandProvider": ["commands": ["lesson.check"]],
            ],
            "serverInfo": ["name": "lesson", "version": LessonKitVersion.current],
        ]
    }

    // MARK: Documents

    func uri(_ params: [String: Any]) -> String? {
        (params["textDocument"] as? [String: Any])?["uri"] as? String
    }

    private func didOpen(_ params: [String: Any]) {
        guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String else {
            return log("didOpen without a textDocument.uri")
        }
        lock.withLock { documents[uri] = document["text"] as? String ?? "" }
        check(uri)
    }

    private func didChange(_ params: [String: Any]) {
        guard let uri = uri(params), let changes = params["contentChanges"] as? [[String: Any]],
            let text = changes.last?["text"] as? String
        else { return log("didChange without a full text") }
        lock.withLock { documents[uri] = text }
    }

    private func didClose(_ params: [String: Any]) {
        guard let uri = uri(params) else { return }
        lock.withLock {
            documents[uri] = nil
            reports[uri] = nil
            generations[uri, default: 0] += 1
        }
        publish(uri, diagnostics: [])
    }

    /// Checks the file `uri` names, off the message loop; publishes its findings unless a later check was
    /// asked for meanwhile. With a `line`, only the block that holds it is checked, and its checks replace
    /// theirs in the last report, when that report was made from the same text; otherwise the whole lesson is.
    private func check(_ uri: String?, line: Int? = nil) {
        guard let uri, let path = Self.path(of: uri) else { return log("only file: documents are checked") }
        let generation = lock.withLock {
            generations[uri, default: 0] += 1
            return generations[uri]!
        }
        pending.enter()
        checks.async { [self] in
            defer { pending.leave() }
            guard lock.withLock({ generations[uri] == generation }) else { return }
            let text = LessonFileBytes.text(path) ?? ""
            let report = checkedReport(path: path, text: text, last: lock.withLock { reports[uri] }, line: line)
            let current = lock.withLock {
                guard generations[uri] == generation else { return false }
                reports[uri] = report.map { ($0, text) }
                return true
            }
            // What the lesson's programs left running goes with the check (when `lesson lsp` adopted it).
            Orphans.sweep()
            guard current, let report else { return }
            publish(uri, diagnostics: LSPDiagnostics.of(report, text: text))
        }
    }

    /// The lesson's report after a check of it, or of its block at `line` merged into `last`.
    private func checkedReport(path: String, text: String, last: (report: LessonReport, text: String)?, line: Int?)
        -> LessonReport?
    {
        guard let line, let last, last.text == text else {
            return checker.check(files: [path]).lessons.first.map(baselined)
        }
        var selection = LessonSelection()
        selection.blockLines = [Paths.absolute(path): [line]]
        guard let fresh = checker.check(files: [path], selection: selection).lessons.first.map(baselined) else {
            return last.report
        }
        var merged = last.report
        for check in fresh.checks {
            if let index = merged.checks.firstIndex(where: {
                $0.location.line == check.location.line && $0.kind == check.kind
            }) {
                merged.checks[index] = check
            } else {
                merged.checks.append(check)
            }
        }
        return merged
    }

    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }

    // MARK: Code actions

    /// "Accept the actual output" for each check with a fix whose findings are in the requested range. The
    /// edit is made from the server's own report and the file it was made from, never from a range the
    /// client sends back, and only while the editor's text is that file's.
    private func codeActions(_ params: [String: Any]) -> [[String: Any]] {
        guard let uri = uri(params), let stored = lock.withLock({ reports[uri] }),
            lock.withLock({ documents[uri] }) == stored.text
        else { return [] }
        let range = params["range"] as? [String: Any]
        let first = ((range?["start"] as? [String: Any])?["line"] as? Int ?? 0) + 1
        let last = max(first, ((range?["end"] as? [String: Any])?["line"] as? Int ?? Int.max - 1) + 1)
        var actions: [[String: Any]] = []
        // Read once, for every fix: each is applied to the file as the check read it.
        let lesson = Lesson(path: stored.report.path, bytes: Array(stored.text.utf8))
        for check in stored.report.checks {
            guard let fix = check.fix else { continue }
            let lines = [check.location.line] + check.findings.map(\.location.line)
            guard lines.contains(where: { first <= $0 && $0 <= last }) else { continue }
            var rewriter = LessonRewriter(lesson)
            rewriter.apply([fix])
            let newText = String(decoding: rewriter.source.bytes, as: UTF8.self)
            guard newText != stored.text else { continue }
            actions.append([
                "title": "Accept the actual output (\(fix.subject))", "kind": "quickfix",
                "edit": ["changes": [uri: [["range": LSPDiagnostics.wholeText(stored.text), "newText": newText]]]],
            ])
        }
        return actions + baselineActions(for: stored.report, lines: first...last)
    }

    // MARK: Sending

    private func publish(_ uri: String, diagnostics: [[String: Any]]) {
        notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": diagnostics])
    }

    private func log(_ message: String) {
        notify("window/logMessage", ["type": 2, "message": "lesson: " + message])
    }

    private func notify(_ method: String, _ params: [String: Any]) {
        write(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func reply(id: Any?, result: Any) {
        write(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": result])
    }

    private func reply(id: Any?, error: (code: Int, message: String)) {
        write(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": error.code, "message": error.message]])
    }

    private func write(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]) else { return }
        lock.withLock { send(LSPFrameReader.frame(body)) }
    }
}
