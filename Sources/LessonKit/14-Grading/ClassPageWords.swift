extension ClassPage {
    /// The class page's words in the lesson's language (English, Turkish, Vietnamese).
    struct Words {
        let language: Feedback.Language

        init(_ language: Feedback.Language) { self.language = language }

        private func pick(_ en: String, _ tr: String, _ vi: String) -> String {
            switch language {
            case .en: en
            case .tr: tr
            case .vi: vi
            }
        }

        var similarity: String {
            pick("Submissions most alike", "En çok benzeyen çözümler", "Các bài nộp giống nhau nhất")
        }
        func similarityNote(threshold: String, over: Int) -> String {
            pick(
                "Pairs whose shared share of code (names, literals and spacing aside; the starter and the lesson's "
                    + "code left out) is over \(threshold): \(over). A high score asks for a look, not a verdict.",
                "Ortak kod oranı (adlar, değerler ve boşluklar hariç; başlangıç kodu ve dersin kodu çıkarılmış) "
                    + "\(threshold) üzerinde olan çiftler: \(over). Yüksek bir puan bir bakış ister, bir karar değil.",
                "Các cặp có tỉ lệ mã chung (không tính tên, giá trị và khoảng trắng; bỏ mã khởi đầu và mã của bài "
                    + "học) trên \(threshold): \(over). Điểm cao là để xem xét, không phải để kết luận.")
        }
        var regrade: String {
            pick("Since the earlier grading", "Önceki değerlendirmeden beri", "Kể từ lần chấm trước")
        }
        var nobodyMoved: String {
            pick(
                "No student's result changed.", "Hiçbir öğrencinin sonucu değişmedi.",
                "Không học viên nào thay đổi kết quả.")
        }
        var before: String { pick("before", "önce", "trước") }
        var after: String { pick("after", "sonra", "sau") }
        var changedTests: String { pick("tests that changed", "değişen testler", "bài kiểm tra thay đổi") }
        var classOf: String { pick("Class results:", "Sınıf sonuçları:", "Kết quả của lớp:") }
        func count(_ students: Int) -> String {
            pick("\(students) students graded", "\(students) öğrenci değerlendirildi", "đã chấm \(students) học viên")
        }
        var scores: String { pick("Scores", "Puanlar", "Điểm số") }
        func pointsAxis(_ maximum: Int) -> String {
            pick(
                "points (of \(maximum)); bar height: students", "puan (\(maximum) üzerinden); çubuk: öğrenci sayısı",
                "điểm (trên \(maximum)); chiều cao cột: số học viên")
        }
        var passRate: String {
            pick("Pass rate of each test", "Her testin geçme oranı", "Tỉ lệ đạt của từng bài kiểm tra")
        }
        var test: String { pick("test", "test", "bài kiểm tra") }
        var kind: String { pick("kind", "tür", "loại") }
        var passed: String { pick("passed", "geçen", "đạt") }
        var hidden: String { pick("hidden", "gizli", "ẩn") }
        var visible: String { pick("visible", "görünür", "hiển thị") }
        var trouble: String {
            pick(
                "Did not build, ran out of time or crashed", "Derlenmeyen, süresi dolan veya çöken",
                "Không biên dịch được, hết thời gian hoặc bị sập")
        }
        var noTrouble: String {
            pick(
                "Every submission built and ran to its end.", "Her teslim derlendi ve sonuna kadar çalıştı.",
                "Mọi bài nộp đều biên dịch được và chạy đến cuối.")
        }
        func describe(_ kind: FailureKind) -> String {
            switch kind {
            case .build: pick("did not build", "derlenmedi", "không biên dịch được")
            case .timeout: pick("ran out of time", "süresi doldu", "hết thời gian")
            case .crash: pick("crashed or trapped", "çöktü", "bị sập")
            case .limit: pick("stopped by a limit", "bir sınırla durduruldu", "bị dừng do giới hạn")
            case .budget: pick("the grading's budget ran out", "değerlendirme bütçesi doldu", "hết ngân sách thời gian")
            case .ungraded: pick("could not be graded", "değerlendirilemedi", "không chấm được")
            case .wrong: pick("wrong output", "yanlış çıktı", "kết quả sai")
            }
        }
        func describe(_ status: GradeResult.Status) -> String {
            Feedback(lessonLanguage: language.rawValue).statusWord(status)
        }
        var students: String { pick("Students", "Öğrenciler", "Học viên") }
        var student: String { pick("student", "öğrenci", "học viên") }
        var score: String { pick("score", "puan", "điểm") }
        var status: String { pick("status", "durum", "trạng thái") }
        var seconds: String { pick("seconds", "saniye", "giây") }
        var feedback: String { pick("feedback", "geri bildirim", "phản hồi") }
    }
}
