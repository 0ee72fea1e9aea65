// Sync.swift — fonksiyonel bir deneme

final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) { self.name = name }

    func set(_ key: String, _ value: String) { shown.updateValue(value, forKey: key) }

    func clear(_ key: String) { shown.removeValue(forKey: key) }
}

func verdict(model: String?, shown: String?) -> String {
    // model varsa: ekrana gore uyumlu/bayat/eksik; yoksa: artik ya da olcum-disi
    model.flatMap { m in shown.map { $0 == m ? "uyumlu" : "bayat" } ?? "eksik" }
        ?? (shown == nil ? "olcum-disi" : "artik")
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    let triples = keys.map { ($0, model[$0], screen.shown[$0]) }
    var out: [String] = []
    for (field, m, s) in triples {
        let v = verdict(model: m, shown: s)
        print("\(label) | \(screen.name).\(field): model=\(m ?? "-") ekran=\(s ?? "-") -> \(v)")
        out.append(v)
    }
    return out
}

func countVerdicts(_ verdicts: [String]) {
    let report = ["uyumlu", "bayat", "eksik", "artik"]
        .map { kind in "\(kind): \(verdicts.lazy.filter { $0 == kind }.count)" }
        .joined(separator: "\n")
    print(report)
}
