/// What a compiler error a beginner meets means, said in the student's language under the compiler's own
/// line: one or two sentences, keyed by the diagnostic's identity as the compiler names it
/// (`-debug-diagnostic-names`: `[cannot_find_in_scope]`), never by its English text. `key` is the stable
/// identifier `instructor.json` gives it (`"diagnostic": "not-in-scope"`).
package struct DiagnosticExplanation: Hashable, Sendable {
    package var key: String
    var en: String
    var tr: String
    var vi: String

    /// The explanation of the compiler's diagnostic `id`; nil for one no beginner is told about.
    package static func of(id: String?) -> DiagnosticExplanation? {
        id.flatMap { byID[$0] }
    }

    /// The sentence in `language`.
    func text(_ language: Feedback.Language) -> String {
        switch language {
        case .en: en
        case .tr: tr
        case .vi: vi
        }
    }

    /// Every explanation, with the compiler's identities it answers.
    static let all: [(ids: [String], explanation: DiagnosticExplanation)] = [
        (
            ["cannot_find_in_scope"],
            DiagnosticExplanation(
                key: "not-in-scope",
                en: "This name is not declared where it is used: check its spelling and capitals, and that it is "
                    + "declared before, in a scope that reaches this line.",
                tr: "Bu ad kullanıldığı yerde tanımlı değil: yazımını ve büyük/küçük harflerini, ayrıca bu satıra "
                    + "ulaşan bir kapsamda daha önce tanımlandığını kontrol edin.",
                vi: "Tên này chưa được khai báo ở nơi nó được dùng: hãy kiểm tra chính tả, chữ hoa/thường, và "
                    + "rằng nó đã được khai báo trước đó trong phạm vi bao gồm dòng này.")
        ),
        (
            ["cannot_find_type_in_scope"],
            DiagnosticExplanation(
                key: "type-not-in-scope",
                en: "No type has this name: check its spelling (type names start with a capital letter) and that "
                    + "the file that declares it is part of your code.",
                tr: "Bu adda bir tür yok: yazımını (tür adları büyük harfle başlar) ve onu tanımlayan dosyanın "
                    + "kodunuzun parçası olduğunu kontrol edin.",
                vi: "Không có kiểu nào mang tên này: hãy kiểm tra chính tả (tên kiểu bắt đầu bằng chữ hoa) và "
                    + "rằng tệp khai báo nó thuộc mã của bạn.")
        ),
        (
            ["cannot_convert_initializer_value", "cannot_convert_argument_value", "cannot_convert_assign"],
            DiagnosticExplanation(
                key: "type-mismatch",
                en: "The value has one type and the place it goes expects another: convert it (`String(n)`, "
                    + "`Int(text)`) or use a value of the expected type.",
                tr: "Değerin türü, gittiği yerin beklediği türden farklı: onu dönüştürün (`String(n)`, "
                    + "`Int(metin)`) ya da beklenen türde bir değer kullanın.",
                vi: "Giá trị có một kiểu nhưng nơi nhận nó lại cần kiểu khác: hãy chuyển đổi (`String(n)`, "
                    + "`Int(chuoi)`) hoặc dùng một giá trị đúng kiểu.")
        ),
        (
            ["cannot_convert_to_return_type"],
            DiagnosticExplanation(
                key: "return-type",
                en: "The value after `return` is not of the type the function promises after `->`: return a value "
                    + "of that type, or change the declared type.",
                tr: "`return` sonrasındaki değer, fonksiyonun `->` ile söz verdiği türde değil: o türde bir değer "
                    + "döndürün ya da bildirilen türü değiştirin.",
                vi: "Giá trị sau `return` không đúng kiểu mà hàm đã hứa sau `->`: hãy trả về giá trị đúng kiểu "
                    + "đó, hoặc đổi kiểu đã khai báo.")
        ),
        (
            ["missing_return_decl", "missing_return_closure"],
            DiagnosticExplanation(
                key: "missing-return",
                en: "Some path through this function ends without `return`: every `if` and `switch` branch must "
                    + "return a value, or add a `return` at the end.",
                tr: "Bu fonksiyonun bazı yolları `return` olmadan bitiyor: her `if` ve `switch` dalı bir değer "
                    + "döndürmeli, ya da sona bir `return` ekleyin.",
                vi: "Có nhánh trong hàm này kết thúc mà không có `return`: mọi nhánh `if` và `switch` phải trả về "
                    + "một giá trị, hoặc thêm `return` ở cuối.")
        ),
        (
            ["cannot_return_value_from_void_func"],
            DiagnosticExplanation(
                key: "return-in-void",
                en: "This function declares no result type, so it cannot return a value: add `-> Type` after its "
                    + "parameters, or return nothing.",
                tr: "Bu fonksiyon bir sonuç türü bildirmiyor, bu yüzden değer döndüremez: parametrelerinden sonra "
                    + "`-> Tür` ekleyin ya da hiçbir şey döndürmeyin.",
                vi: "Hàm này không khai báo kiểu kết quả nên không thể trả về giá trị: thêm `-> Kieu` sau danh "
                    + "sách tham số, hoặc không trả về gì.")
        ),
        (
            ["assignment_lhs_is_immutable_variable"],
            DiagnosticExplanation(
                key: "assign-to-let",
                en: "A `let` constant keeps its first value: declare it with `var` if it has to change.",
                tr: "Bir `let` sabiti ilk değerini korur: değişmesi gerekiyorsa onu `var` ile tanımlayın.",
                vi: "Hằng `let` giữ nguyên giá trị đầu tiên: hãy khai báo bằng `var` nếu nó cần thay đổi.")
        ),
        (
            ["assignment_lhs_is_immutable_property", "cannot_apply_lvalue_binop_to_subelement"],
            DiagnosticExplanation(
                key: "immutable-property",
                en: "This property cannot change here: it is a `let`, or it belongs to a `let` value, or to "
                    + "`self` in a struct method not marked `mutating`.",
                tr: "Bu özellik burada değişemez: bir `let`, ya da bir `let` değerin parçası, ya da `mutating` "
                    + "olarak işaretlenmemiş bir struct metodunda `self`'in parçası.",
                vi: "Thuộc tính này không thể thay đổi ở đây: nó là `let`, hoặc thuộc một giá trị `let`, hoặc "
                    + "thuộc `self` trong một phương thức của struct chưa đánh dấu `mutating`.")
        ),
        (
            ["cannot_pass_rvalue_mutating_subelement"],
            DiagnosticExplanation(
                key: "mutating-on-let",
                en: "A `mutating` method changes its value, and this value is a `let`: declare it with `var`.",
                tr: "`mutating` bir metot değerini değiştirir, ama bu değer bir `let`: onu `var` ile tanımlayın.",
                vi: "Phương thức `mutating` làm thay đổi giá trị, mà giá trị này là `let`: hãy khai báo bằng `var`.")
        ),
        (
            ["missing_argument_labels", "wrong_argument_labels", "extra_argument_labels"],
            DiagnosticExplanation(
                key: "argument-label",
                en: "The call's argument labels must be the ones the function declares, in its order: write "
                    + "`name:` before each argument that has one, and none where the parameter has `_`.",
                tr: "Çağrıdaki argüman etiketleri, fonksiyonun bildirdikleriyle aynı ve aynı sırada olmalı: "
                    + "etiketi olan her argümanın önüne `ad:` yazın, parametrede `_` varsa yazmayın.",
                vi: "Nhãn đối số trong lời gọi phải đúng như hàm khai báo và theo đúng thứ tự: viết `ten:` trước "
                    + "mỗi đối số có nhãn, và không viết nếu tham số dùng `_`.")
        ),
        (
            ["missing_argument_named", "missing_argument_positional", "missing_arguments_in_call"],
            DiagnosticExplanation(
                key: "missing-argument",
                en: "The call leaves out an argument the function needs: give a value for every parameter "
                    + "without a default.",
                tr: "Çağrı, fonksiyonun ihtiyaç duyduğu bir argümanı vermiyor: varsayılan değeri olmayan her "
                    + "parametre için bir değer verin.",
                vi: "Lời gọi thiếu một đối số mà hàm cần: hãy truyền giá trị cho mọi tham số không có giá trị "
                    + "mặc định.")
        ),
        (
            ["extra_argument_named", "extra_argument_positional", "extra_arguments_in_call"],
            DiagnosticExplanation(
                key: "extra-argument",
                en: "The call passes an argument the function does not declare: compare it with the function's "
                    + "parameters.",
                tr: "Çağrı, fonksiyonun bildirmediği bir argüman veriyor: onu fonksiyonun parametreleriyle "
                    + "karşılaştırın.",
                vi: "Lời gọi truyền một đối số mà hàm không khai báo: hãy so sánh với danh sách tham số của hàm.")
        ),
        (
            ["optional_not_unwrapped", "optional_base_not_unwrapped"],
            DiagnosticExplanation(
                key: "optional-unwrapped",
                en: "This value is optional (it may be `nil`), so it cannot be used as a plain value: unwrap it "
                    + "first with `if let`, `guard let` or `??`.",
                tr: "Bu değer opsiyonel (`nil` olabilir), bu yüzden düz bir değer gibi kullanılamaz: önce `if "
                    + "let`, `guard let` ya da `??` ile açın.",
                vi: "Giá trị này là optional (có thể là `nil`) nên không dùng trực tiếp được: hãy mở nó trước "
                    + "bằng `if let`, `guard let` hoặc `??`.")
        ),
        (
            ["throwing_call_without_try"],
            DiagnosticExplanation(
                key: "missing-try",
                en: "This function can throw an error: call it with `try`, inside a `do`/`catch` or a function "
                    + "that `throws`.",
                tr: "Bu fonksiyon hata fırlatabilir: onu `try` ile, bir `do`/`catch` içinde ya da `throws` olan "
                    + "bir fonksiyonda çağırın.",
                vi: "Hàm này có thể ném lỗi: hãy gọi nó với `try`, bên trong `do`/`catch` hoặc trong một hàm "
                    + "`throws`.")
        ),
        (
            ["non_exhaustive_switch"],
            DiagnosticExplanation(
                key: "switch-not-exhaustive",
                en: "A `switch` must handle every possible value: add the missing `case`s, or a `default:`.",
                tr: "Bir `switch` olası her değeri ele almalı: eksik `case`'leri ya da bir `default:` ekleyin.",
                vi: "Câu lệnh `switch` phải xử lý mọi giá trị có thể: hãy thêm các `case` còn thiếu, hoặc "
                    + "`default:`.")
        ),
        (
            ["could_not_find_value_member"],
            DiagnosticExplanation(
                key: "no-member",
                en: "This type has no property or method of that name: check the spelling, and the type of the "
                    + "value before the dot.",
                tr: "Bu türün o adda bir özelliği ya da metodu yok: yazımı ve noktadan önceki değerin türünü "
                    + "kontrol edin.",
                vi: "Kiểu này không có thuộc tính hay phương thức nào tên như vậy: hãy kiểm tra chính tả và kiểu "
                    + "của giá trị đứng trước dấu chấm.")
        ),
        (
            ["invalid_redecl"],
            DiagnosticExplanation(
                key: "redeclared",
                en: "This name is declared twice in the same scope: rename one, or assign to the first instead "
                    + "of declaring it again.",
                tr: "Bu ad aynı kapsamda iki kez tanımlanmış: birinin adını değiştirin ya da yeniden tanımlamak "
                    + "yerine ilkine atama yapın.",
                vi: "Tên này được khai báo hai lần trong cùng một phạm vi: hãy đổi tên một cái, hoặc gán cho cái "
                    + "đầu tiên thay vì khai báo lại.")
        ),
        (
            ["cannot_apply_binop_to_args"],
            DiagnosticExplanation(
                key: "operator-types",
                en: "The two sides of this operator have different types (such as `Int` and `Double`): convert "
                    + "one, e.g. `Double(n)`.",
                tr: "Bu operatörün iki tarafı farklı türde (örneğin `Int` ve `Double`): birini dönüştürün, "
                    + "örneğin `Double(n)`.",
                vi: "Hai vế của toán tử này khác kiểu (ví dụ `Int` và `Double`): hãy chuyển đổi một vế, ví dụ "
                    + "`Double(n)`.")
        ),
        (
            ["type_does_not_conform"],
            DiagnosticExplanation(
                key: "not-conforming",
                en: "The type promises a protocol but lacks something it requires: add every property and method "
                    + "the protocol lists, with the same names and types.",
                tr: "Tür bir protokole uyacağını söylüyor ama protokolün istediği bir şey eksik: protokolün "
                    + "listelediği her özelliği ve metodu aynı ad ve türlerle ekleyin.",
                vi: "Kiểu này hứa tuân theo một protocol nhưng thiếu thứ protocol yêu cầu: hãy thêm mọi thuộc "
                    + "tính và phương thức protocol liệt kê, đúng tên và kiểu.")
        ),
        (
            ["variable_used_before_initialized"],
            DiagnosticExplanation(
                key: "used-before-initialized",
                en: "The variable is read before it has a value on every path: give it a value where it is "
                    + "declared, or in every branch before this line.",
                tr: "Değişken, her yolda bir değer almadan önce okunuyor: ona tanımlandığı yerde ya da bu satırdan "
                    + "önceki her dalda bir değer verin.",
                vi: "Biến được đọc trước khi có giá trị trên mọi nhánh: hãy gán giá trị cho nó ngay khi khai báo, "
                    + "hoặc trong mọi nhánh trước dòng này.")
        ),
        (
            [
                "expected_rbrace_in_brace_stmt", "expected_rbrace_struct", "expected_rbrace_class",
                "expected_rbrace_enum",
            ],
            DiagnosticExplanation(
                key: "missing-brace",
                en: "A `{` is never closed: every `{` needs its `}`; the one missing is often far above this line.",
                tr: "Bir `{` hiç kapatılmamış: her `{` kendi `}` işaretini ister; eksik olan çoğu zaman bu "
                    + "satırın çok yukarısındadır.",
                vi: "Có một `{` chưa được đóng: mỗi `{` cần một `}`; chỗ thiếu thường nằm xa phía trên dòng này.")
        ),
        (
            ["cannot_call_non_function_value"],
            DiagnosticExplanation(
                key: "not-a-function",
                en: "Parentheses after a value call it, and this value is not a function: remove the `()`, or "
                    + "call the method you meant.",
                tr: "Bir değerden sonra gelen parantezler onu çağırır, ama bu değer bir fonksiyon değil: `()` "
                    + "işaretini kaldırın ya da kastettiğiniz metodu çağırın.",
                vi: "Cặp ngoặc sau một giá trị là để gọi nó, mà giá trị này không phải hàm: hãy bỏ `()`, hoặc gọi "
                    + "đúng phương thức bạn muốn.")
        ),
        (
            ["property_use_in_closure_without_explicit_self"],
            DiagnosticExplanation(
                key: "explicit-self",
                en: "Inside a closure, a property of the class is written `self.name`: the closure then keeps "
                    + "`self` alive, which Swift wants said.",
                tr: "Bir closure içinde sınıfın bir özelliği `self.ad` diye yazılır: closure böylece `self`'i "
                    + "canlı tutar ve Swift bunun açıkça yazılmasını ister.",
                vi: "Bên trong closure, thuộc tính của lớp phải viết là `self.ten`: closure khi đó giữ `self` "
                    + "tồn tại, và Swift muốn điều đó được viết rõ.")
        ),
    ]

    private static let byID: [String: DiagnosticExplanation] = Dictionary(
        all.flatMap { entry in entry.ids.map { ($0, entry.explanation) } }, uniquingKeysWith: { first, _ in first })
}
