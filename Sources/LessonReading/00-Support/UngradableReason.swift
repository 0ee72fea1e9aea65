/// Why a submission could not be graded at all, said to its student in the lesson's language
/// (`language:` of its front matter: `tr`, `vi`, or English otherwise). Only the submission's own names appear in it, never a path of the grader's machine.
public enum UngradableReason: Hashable, Sendable {
    case noSwiftFile(expected: String)
    case severalSwiftFiles(count: Int, expected: String)
    case hardLink(name: String, links: Int)
    case otherOwner(name: String)
    case folder(name: String)
    case notRegularFile(name: String)
    case symbolicLink(name: String)
    case unreadable(name: String, error: String)
    case tooLarge(size: String, maximum: String)
    case nestedTooDeep(maximum: Int)
    case sourceLocation
    case diagnosticDirective
    case availabilityBreaksLines
    /// A class batch: the student's entry is not a folder, or has a name the class's own files have.
    case notAFolder(name: String)
    case reservedName(name: String)
    /// A class batch: the student's grader was interrupted, ran out of its time, or stopped without a result.
    case interrupted
    case graderTimedOut(seconds: Int)
    case graderStopped

    /// The reason in English, as the instructor's terminal says it.
    public var english: String { text(language: nil) }

    /// The reason in the language whose code is `language` (`tr`, `vi`), English otherwise.
    public func text(language: String?) -> String {
        let pick = { (en: String, tr: String, vi: String) -> String in
            switch language {
            case "tr": tr
            case "vi": vi
            default: en
            }
        }
        // Each reason is said by exactly one of the two.
        return aboutTheFile(pick) ?? aboutTheGrading(pick) ?? ""
    }

    /// What is wrong with the submission's file, or nil when the reason is not about it.
    private func aboutTheFile(_ pick: (String, String, String) -> String) -> String? {
        switch self {
        case .noSwiftFile(let expected):
            return pick(
                "the submission holds no .swift file; expected \(expected) or exactly one .swift file",
                "çözümde hiç .swift dosyası yok; \(expected) ya da tek bir .swift dosyası bekleniyordu",
                "bài nộp không có tệp .swift nào; cần \(expected) hoặc đúng một tệp .swift")
        case .severalSwiftFiles(let count, let expected):
            return pick(
                "the submission holds \(count) .swift files; expected \(expected) or exactly one .swift file",
                "çözümde \(count) .swift dosyası var; \(expected) ya da tek bir .swift dosyası bekleniyordu",
                "bài nộp có \(count) tệp .swift; cần \(expected) hoặc đúng một tệp .swift")
        case .hardLink(let name, let links):
            return pick(
                "\(name) has \(links) links: a submission must be a file of its own, not a hard link",
                "\(name) dosyasının \(links) bağlantısı var: çözüm kendi başına bir dosya olmalı, sabit bağlantı değil",
                "\(name) có \(links) liên kết: bài nộp phải là một tệp riêng, không phải liên kết cứng")
        case .otherOwner(let name):
            return pick(
                "\(name) belongs to another user, who alone may read it",
                "\(name) başka bir kullanıcıya ait ve yalnızca o okuyabilir",
                "\(name) thuộc về người dùng khác, chỉ người đó được đọc")
        case .folder(let name):
            return pick(
                "\(name) is a folder, not the submission's file", "\(name) bir klasör, çözüm dosyası değil",
                "\(name) là một thư mục, không phải tệp bài nộp")
        case .notRegularFile(let name):
            return pick(
                "\(name) is not a regular file", "\(name) normal bir dosya değil",
                "\(name) không phải là tệp thông thường")
        case .symbolicLink(let name):
            return pick(
                "\(name) is a symbolic link: a submission must be a regular file",
                "\(name) bir sembolik bağlantı: çözüm normal bir dosya olmalı",
                "\(name) là một liên kết tượng trưng: bài nộp phải là tệp thông thường")
        case .unreadable(let name, let error):
            return pick(
                "\(name): \(error)", "\(name) okunamıyor (\(error))", "không đọc được \(name) (\(error))")
        case .tooLarge(let size, let maximum):
            return pick(
                "the submission holds \(size), more than the \(maximum) a submission may hold",
                "çözüm \(size) tutuyor; bir çözüm en fazla \(maximum) olabilir",
                "bài nộp có \(size), nhiều hơn mức tối đa \(maximum) cho phép")
        default:
            return nil
        }
    }

    /// What the submission's code may not hold, or what stopped a class batch from grading it.
    private func aboutTheGrading(_ pick: (String, String, String) -> String) -> String? {
        switch self {
        case .nestedTooDeep(let maximum):
            return pick(
                "string interpolations may not be nested more than \(maximum) deep in a submission",
                "bir çözümde dize aradeğerleri \(maximum) düzeyden derin iç içe olamaz",
                "trong bài nộp, phép nội suy chuỗi không được lồng sâu quá \(maximum) cấp")
        case .sourceLocation:
            return pick(
                "#sourceLocation is not allowed in a submission (it moves where the compiler reports errors)",
                "#sourceLocation bir çözümde kullanılamaz (derleyicinin hataları bildirdiği yeri değiştirir)",
                "không được dùng #sourceLocation trong bài nộp (nó đổi vị trí trình biên dịch báo lỗi)")
        case .diagnosticDirective:
            return pick(
                "#error and #warning are not allowed in a submission (their messages could read as the grader's)",
                "#error ve #warning bir çözümde kullanılamaz (iletileri değerlendiricininmiş gibi okunabilir)",
                "không được dùng #error và #warning trong bài nộp (thông điệp của chúng có thể bị đọc như của trình chấm)"
            )
        case .availabilityBreaksLines:
            return pick(
                "an @available message may not break lines in a submission (it could read as the grader's)",
                "bir çözümde @available iletisi satır bölemez (değerlendiricininmiş gibi okunabilir)",
                "trong bài nộp, thông điệp @available không được xuống dòng (nó có thể bị đọc như của trình chấm)")
        case .notAFolder(let name):
            return pick(
                "\(name) is not a folder of its own (a file or a link)",
                "\(name) kendi başına bir klasör değil (bir dosya ya da bağlantı)",
                "\(name) không phải là một thư mục riêng (là tệp hoặc liên kết)")
        case .reservedName(let name):
            return pick(
                "a student folder may not be named \(name): the class's own file has that name",
                "bir öğrenci klasörü \(name) adını taşıyamaz: sınıfın kendi dosyasının adı bu",
                "thư mục của học viên không được đặt tên \(name): tệp của lớp đã mang tên này")
        case .interrupted:
            return pick(
                "grading was interrupted before this submission", "değerlendirme bu çözümden önce kesildi",
                "việc chấm bị gián đoạn trước bài nộp này")
        case .graderTimedOut(let seconds):
            return pick(
                "grading did not finish within \(seconds) s", "değerlendirme \(seconds) sn içinde bitmedi",
                "việc chấm không xong trong \(seconds) giây")
        case .graderStopped:
            return pick(
                "the grader stopped before it wrote a result", "değerlendirici bir sonuç yazmadan durdu",
                "trình chấm đã dừng trước khi ghi kết quả")
        default:
            return nil
        }
    }
}
