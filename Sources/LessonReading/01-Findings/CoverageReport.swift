/// How much of an engine file the lessons reach.
package struct FileCoverage: Hashable, Sendable {
    package struct Region: Hashable, Sendable {
        package var startLine: Int
        package var endLine: Int

        package init(startLine: Int, endLine: Int) {
            self.startLine = startLine
            self.endLine = endLine
        }
    }

    package var fileName: String
    /// Where locations point: the engine's own file (a canonical engine) or the lesson that reprints it.
    package var displayPath: String
    /// The line of `displayPath` that holds the file's first line.
    package var firstLine: Int
    /// The file's lines, for the HTML report.
    package var source: [String]
    /// Execution counts of the lines that hold code, by file line (1-based).
    package var lineCounts: [Int: Int]
    package var regionCount: Int
    package var regionsCovered: Int
    /// Code regions no scenario executes, in file lines.
    package var unreached: [Region]
    /// With `--by-lesson`: the lessons whose scenarios execute each line.
    package var lessonsByLine: [Int: [String]]

    package init(
        fileName: String, displayPath: String, firstLine: Int, source: [String], lineCounts: [Int: Int],
        regionCount: Int, regionsCovered: Int, unreached: [Region], lessonsByLine: [Int: [String]]
    ) {
        self.fileName = fileName
        self.displayPath = displayPath
        self.firstLine = firstLine
        self.source = source
        self.lineCounts = lineCounts
        self.regionCount = regionCount
        self.regionsCovered = regionsCovered
        self.unreached = unreached
        self.lessonsByLine = lessonsByLine
    }

    package var linesCovered: Int { lineCounts.values.filter { $0 > 0 }.count }
    /// The line of `displayPath` for a line of the file.
    package func displayLine(_ line: Int) -> Int { firstLine + line - 1 }
}

/// One engine as the lessons use it: canonical (named in front matter) or reprinted identically by lessons.
package struct EngineCoverage: Hashable, Sendable {
    package var name: String
    package var files: [FileCoverage]
    /// The lessons whose scenarios ran against this engine.
    package var lessons: [String]

    package init(name: String, files: [FileCoverage], lessons: [String]) {
        self.name = name
        self.files = files
        self.lessons = lessons
    }

    package var lineCount: Int { files.reduce(0) { $0 + $1.lineCounts.count } }
    package var linesCovered: Int { files.reduce(0) { $0 + $1.linesCovered } }
    package var regionCount: Int { files.reduce(0) { $0 + $1.regionCount } }
    package var regionsCovered: Int { files.reduce(0) { $0 + $1.regionsCovered } }
    package var linePercent: Double { Self.percent(linesCovered, lineCount) }
    package var regionPercent: Double { Self.percent(regionsCovered, regionCount) }

    package static func percent(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 100 : Double(part) * 100 / Double(whole)
    }
}

/// The result of `lesson coverage`.
package struct CoverageReport: Hashable, Sendable {
    package var engines: [EngineCoverage]
    /// Scenarios that could not be measured (they do not build or ran into a limit), with the reason.
    package var skipped: [String]

    package init(engines: [EngineCoverage], skipped: [String]) {
        self.engines = engines
        self.skipped = skipped
    }

    /// The text report: per engine, its coverage and every unreached region as `path:line: note: …`.
    package func text(byLesson: Bool) -> String {
        var lines: [String] = []
        for engine in engines {
            lines.append(
                "engine \(engine.name): lines \(Self.format(engine.linePercent)) (\(engine.linesCovered)/\(engine.lineCount)), "
                    + "regions \(Self.format(engine.regionPercent)) (\(engine.regionsCovered)/\(engine.regionCount)), "
                    + "\(engine.lessons.count) lesson\(engine.lessons.count == 1 ? "" : "s")")
            for file in engine.files {
                for region in file.unreached {
                    let range =
                        region.startLine == region.endLine
                        ? "line \(file.displayLine(region.startLine))"
                        : "lines \(file.displayLine(region.startLine))-\(file.displayLine(region.endLine))"
                    let code =
                        file.source.indices.contains(region.startLine - 1)
                        ? file.source[region.startLine - 1].trimmingSpaces() : ""
                    lines.append(
                        "\(file.displayPath):\(file.displayLine(region.startLine)): note: no lesson reaches this "
                            + "(\(range): \(code.count > 60 ? String(code.prefix(57)) + "..." : code))")
                }
                if byLesson {
                    for line in file.lineCounts.keys.sorted() {
                        let lessons = file.lessonsByLine[line] ?? []
                        lines.append(
                            "\(file.displayPath):\(file.displayLine(line)): "
                                + (lessons.isEmpty ? "no lesson" : lessons.joined(separator: ", ")))
                    }
                }
            }
        }
        lines += skipped.map { "note: not measured: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func format(_ percent: Double) -> String {
        let tenths = (percent * 10).rounded() / 10
        return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + "%"
    }
}
