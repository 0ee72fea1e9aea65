/// Student-facing messages, in the lesson's language (`language: tr`, `vi`, `en`); English otherwise.
package struct Feedback: Sendable {
    package enum Language: String, Sendable {
        case en, tr, vi
    }

    package var language: Language

    package init(lessonLanguage: String?) {
        language = lessonLanguage.flatMap(Language.init(rawValue:)) ?? .en
    }

    private func pick(_ en: String, _ tr: String, _ vi: String) -> String {
        switch language {
        case .en: en
        case .tr: tr
        case .vi: vi
        }
    }

    func lineDiffers(_ line: Int, of count: Int) -> String {
        pick(
            "line \(line) of \(count) differs from the expected output",
            "beklenen çıktının \(count) satırından \(line). satır farklı",
            "dòng \(line) trên \(count) khác với kết quả mong đợi")
    }

    /// Which side of a diff is which: `-` the expected line, `+` the student's.
    func diffLegend() -> String {
        pick("(- expected, + yours)", "(- beklenen, + sizinki)", "(- mong đợi, + của bạn)")
    }

    /// The name of the hidden test at `number` (from 1).
    func hiddenTestName(_ number: Int) -> String {
        pick("hidden test \(number)", "gizli test \(number)", "bài kiểm tra ẩn \(number)")
    }

    /// What stands for a hidden test's code, which a student never sees.
    func hiddenTestCode() -> String { pick("hidden test", "gizli test", "bài kiểm tra ẩn") }

    /// The name of a visible test without a description: where its scenario is.
    func testAtLine(_ line: Int) -> String {
        pick("line \(line)", "satır \(line)", "dòng \(line)")
    }

    /// `exercise ID: fail, 4/5 points`, the first line a student reads.
    func header(exercise: String, status: GradeResult.Status, score: Int, maxScore: Int) -> String {
        let word = statusWord(status)
        return pick(
            "exercise \(exercise): \(word), \(score)/\(maxScore) points",
            "alıştırma \(exercise): \(word), \(score)/\(maxScore) puan",
            "bài tập \(exercise): \(word), \(score)/\(maxScore) điểm")
    }

    /// A whole result's status in a word.
    func statusWord(_ status: GradeResult.Status) -> String {
        switch status {
        case .pass: pick("pass", "geçti", "đạt")
        case .fail: pick("fail", "kaldı", "không đạt")
        case .error: pick("error", "hata", "lỗi")
        }
    }

    /// The mark before a test's name: PASS, FAIL or ERROR.
    func mark(_ status: TestOutcome.Status) -> String {
        switch status {
        case .passed: pick("PASS", "GEÇTİ", "ĐẠT")
        case .failed: pick("FAIL", "KALDI", "KHÔNG ĐẠT")
        case .error: pick("ERROR", "HATA", "LỖI")
        }
    }

    func extraOutput() -> String {
        pick(
            "your program printed more lines than expected", "programınız beklenenden fazla satır yazdı",
            "chương trình của bạn in ra nhiều dòng hơn mong đợi")
    }

    /// The one message of a test shown by its name and verdict alone (`visibility=name-only`).
    func nameOnlyFailed() -> String {
        pick(
            "failed (this test shows only its name and whether it passed)",
            "geçmedi (bu test yalnızca adını ve geçip geçmediğini gösterir)",
            "không đạt (bài kiểm tra này chỉ cho biết tên và có đạt hay không)")
    }

    func hiddenOutputDiffers() -> String {
        pick(
            "the output differs from the expected output (hidden test)", "çıktı beklenen çıktıdan farklı (gizli test)",
            "kết quả khác với kết quả mong đợi (bài kiểm tra ẩn)")
    }

    /// The one message of every hidden test that did not pass, whatever the reason: a reason would let the
    /// student's code choose among several, and so send back what the hidden test holds.
    func hiddenTestFailed() -> String {
        pick(
            "hidden test failed (a hidden test says only whether it passed)",
            "gizli test geçmedi (gizli bir test yalnızca geçip geçmediğini söyler)",
            "bài kiểm tra ẩn không đạt (bài kiểm tra ẩn chỉ cho biết có đạt hay không)")
    }

    func doesNotBuild() -> String {
        pick("your code does not build:", "kodunuz derlenmiyor:", "mã của bạn không biên dịch được:")
    }

    func hiddenTestDoesNotBuild() -> String {
        pick(
            "a hidden test does not build against your code (check the names and signatures it must provide)",
            "gizli bir test kodunuzla derlenmiyor (sağlaması gereken adları ve imzaları kontrol edin)",
            "một bài kiểm tra ẩn không biên dịch được với mã của bạn (hãy kiểm tra tên và chữ ký cần có)")
    }

    func testDoesNotBuild() -> String {
        pick(
            "the test does not build against your code:", "test kodunuzla derlenmiyor:",
            "bài kiểm tra không biên dịch được với mã của bạn:")
    }

    func trapped(_ fatal: String?) -> String {
        let base = pick(
            "your program trapped", "programınız çöktü (trap)", "chương trình của bạn bị dừng do lỗi (trap)")
        return fatal.map { base + ": " + $0 } ?? base
    }

    func crashed(_ signal: String) -> String {
        pick(
            "your program crashed (\(signal))", "programınız çöktü (\(signal))",
            "chương trình của bạn bị sập (\(signal))")
    }

    func exited(_ status: Int32) -> String {
        pick(
            "your program exited with status \(status)", "programınız \(status) durum koduyla sonlandı",
            "chương trình của bạn kết thúc với mã \(status)")
    }

    func exitedNonZero() -> String {
        pick(
            "your program exited with a non-zero status", "programınız sıfır olmayan bir durum koduyla sonlandı",
            "chương trình của bạn kết thúc với mã khác 0")
    }

    func stopped(_ limit: String) -> String {
        pick("stopped: \(limit)", "durduruldu: \(limit)", "đã dừng: \(limit)")
    }

    func timeLimit(_ seconds: String) -> String {
        pick("time limit \(seconds) s", "süre sınırı \(seconds) sn", "giới hạn thời gian \(seconds) giây")
    }

    func outputLimit(_ size: String) -> String {
        pick("output limit \(size)", "çıktı sınırı \(size)", "giới hạn đầu ra \(size)")
    }

    func limit(_ limit: ResourceLimit) -> String {
        switch limit {
        case .memory(let bytes):
            let size = ByteCount.describe(bytes)
            return pick("memory limit \(size)", "bellek sınırı \(size)", "giới hạn bộ nhớ \(size)")
        case .cpuTime(let seconds):
            return pick(
                "CPU time limit \(seconds) s", "işlemci süresi sınırı \(seconds) sn",
                "giới hạn thời gian CPU \(seconds) giây")
        case .fileSize(let bytes):
            let size = ByteCount.describe(bytes)
            return pick("file size limit \(size)", "dosya boyutu sınırı \(size)", "giới hạn kích thước tệp \(size)")
        }
    }

    func outputBeforeStop() -> String {
        pick("output before it stopped:", "durmadan önceki çıktı:", "kết quả trước khi dừng:")
    }

    func nothingRan() -> String {
        pick(
            "no test could run: your code does not build", "hiçbir test çalışamadı: kodunuz derlenmiyor",
            "không bài kiểm tra nào chạy được: mã của bạn không biên dịch được")
    }

    func shouldHaveTrapped(_ status: Int32) -> String {
        pick(
            "your program should have trapped, but it exited with status \(status)",
            "programınızın çökmesi (trap) gerekiyordu, ama \(status) durum koduyla sonlandı",
            "chương trình của bạn lẽ ra phải dừng do lỗi (trap), nhưng đã kết thúc với mã \(status)")
    }

    func crashedSilently() -> String {
        pick("your program crashed", "programınız çöktü", "chương trình của bạn bị sập")
    }

    func notRunBecauseItDoesNotBuild() -> String {
        pick(
            "not run: your code does not build (see the build errors above)",
            "çalıştırılmadı: kodunuz derlenmiyor (yukarıdaki derleme hatalarına bakın)",
            "không chạy: mã của bạn không biên dịch được (xem lỗi biên dịch ở trên)")
    }

    func moreDiffLines(_ count: Int) -> String {
        pick(
            "(\(count) more lines of the difference not shown)", "(farkın gösterilmeyen \(count) satırı daha var)",
            "(còn \(count) dòng khác biệt không hiển thị)")
    }

    func buildStopped(_ seconds: String) -> String {
        pick(
            "building your code stopped: build time limit \(seconds) s",
            "kodunuzun derlenmesi durduruldu: derleme süresi sınırı \(seconds) sn",
            "việc biên dịch mã của bạn đã dừng: giới hạn thời gian biên dịch \(seconds) giây")
    }

    func budgetRanOut(_ seconds: String) -> String {
        pick(
            "not finished: the whole grading's time budget of \(seconds) s ran out",
            "bitmedi: tüm değerlendirmenin \(seconds) sn süre bütçesi doldu",
            "chưa xong: ngân sách thời gian \(seconds) giây của cả lần chấm đã hết")
    }

    func buildStoppedBy(_ limit: String) -> String {
        pick(
            "building your code stopped: \(limit)", "kodunuzun derlenmesi durduruldu: \(limit)",
            "việc biên dịch mã của bạn đã dừng: \(limit)")
    }

    func submissionMissing(_ reason: String) -> String {
        pick(
            "this submission could not be graded: \(reason)", "bu çözüm değerlendirilemedi: \(reason)",
            "bài nộp này không thể chấm: \(reason)")
    }

    func notRunWithoutSubmission() -> String {
        pick(
            "not run: the submission could not be graded", "çalıştırılmadı: çözüm değerlendirilemedi",
            "không chạy: bài nộp không thể chấm")
    }

    /// What a wrong output's shape tells the student, above the diff: `expected` lines were expected and
    /// `printed` came out.
    func explanation(_ shape: OutputShape, expected: Int, printed: Int) -> String {
        switch shape {
        case .order:
            pick(
                "Your program prints the right lines, but in another order.",
                "Programınız doğru satırları yazıyor, ama başka bir sırayla.",
                "Chương trình của bạn in đúng các dòng, nhưng theo thứ tự khác.")
        case .missingEnd:
            pick(
                "The last expected line is missing: your program stops one line too soon.",
                "Beklenen son satır eksik: programınız bir satır erken duruyor.",
                "Thiếu dòng cuối cùng: chương trình của bạn dừng sớm một dòng.")
        case .extraLine:
            pick(
                "Your program prints one line that is not expected (a leftover debugging print?); the others are right.",
                "Programınız beklenmeyen bir satır yazıyor (unutulmuş bir deneme print'i mi?); diğerleri doğru.",
                "Chương trình của bạn in thêm một dòng không mong đợi (lệnh print gỡ lỗi còn sót?); các dòng khác đều đúng."
            )
        case .repeatedOrSkipped:
            pick(
                "A line is repeated or skipped: check where your loop starts and where it stops (off by one).",
                "Bir satır tekrarlanıyor ya da atlanıyor: döngünüzün nerede başlayıp nerede bittiğine bakın (bir eksik ya da bir fazla).",
                "Một dòng bị lặp lại hoặc bị bỏ qua: hãy kiểm tra vòng lặp bắt đầu và dừng ở đâu (lệch một).")
        case .spacingOrCase:
            pick(
                "The lines differ only in spaces, capital letters or punctuation: compare them character by character.",
                "Satırlar yalnızca boşluk, büyük harf ya da noktalama işaretlerinde farklı: onları karakter karakter karşılaştırın.",
                "Các dòng chỉ khác nhau ở khoảng trắng, chữ hoa hoặc dấu câu: hãy so sánh từng ký tự.")
        case .stoppedEarly:
            pick(
                "Your program stopped before it printed everything: \(printed) of the \(expected) expected lines came out.",
                "Programınız her şeyi yazmadan durdu: beklenen \(expected) satırın \(printed) tanesi yazıldı.",
                "Chương trình của bạn dừng trước khi in hết: mới in được \(printed) trên \(expected) dòng mong đợi.")
        case .noOutput:
            pick(
                "Your program printed nothing, where \(expected) lines are expected: is `print` called, and is the code that calls it run?",
                "Programınız hiçbir şey yazmadı, oysa \(expected) satır bekleniyor: `print` çağrılıyor mu, onu çağıran kod çalışıyor mu?",
                "Chương trình của bạn không in gì, trong khi cần \(expected) dòng: `print` có được gọi không, và đoạn mã gọi nó có chạy không?"
            )
        }
    }

    /// A hint revealed, with its place among the exercise's: `hint 1 of 3: …`.
    func hint(_ number: Int, of count: Int, _ text: String) -> String {
        pick("hint \(number) of \(count): ", "ipucu \(number)/\(count): ", "gợi ý \(number)/\(count): ") + text
    }

    /// The hints of a result, each on its line(s); none without.
    func hints(of result: GradeResult) -> [String] {
        result.hints.enumerated().map { hint($0.offset + 1, of: result.hintCount ?? result.hints.count, $0.element) }
    }

    /// What a test asking for partial credit earned.
    func partialCredit(_ matched: Int, of count: Int, points: Int, maxPoints: Int) -> String {
        pick(
            "partial credit: \(matched) of \(count) expected lines in order, \(points)/\(maxPoints) points",
            "kısmi puan: beklenen \(count) satırın \(matched) tanesi sırasıyla doğru, \(points)/\(maxPoints) puan",
            "điểm một phần: đúng \(matched) trên \(count) dòng mong đợi theo thứ tự, \(points)/\(maxPoints) điểm")
    }

    /// A compiler error's explanation, in the student's language.
    func explanation(_ diagnostic: DiagnosticExplanation) -> String { diagnostic.text(language) }

    /// The columns of a table of tests (Classroom 50's release body).
    func testColumn() -> String { pick("Test", "Test", "Bài kiểm tra") }
    func resultColumn() -> String { pick("Result", "Sonuç", "Kết quả") }
    func pointsColumn() -> String { pick("Points", "Puan", "Điểm") }

    /// Exercism's own wording for a cut `output` (its test runner interface).
    static let exercismTruncationNote = "Output was truncated. Please limit to 500 chars."
}
