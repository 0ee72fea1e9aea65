// Sync.swift — senkron kontrolu (tablo ile)
final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]
    init(_ name: String) { self.name = name }
    func set(_ key: String, _ value: String) { shown[key] = value }
    func clear(_ key: String) { shown[key] = nil }
}

// iki tarafin var/yok durumuna gore karar tablosu
let kararTablosu: [String: String] = [
    "var/yok": "eksik",
    "yok/var": "artik",
    "yok/yok": "olcum-disi",
]

func durum(_ x: String?) -> String {
    return x == nil ? "yok" : "var"
}

func verdict(model: String?, shown: String?) -> String {
    if let a = model, let b = shown {
        return a == b ? "uyumlu" : "bayat"
    }
    return kararTablosu[durum(model) + "/" + durum(shown)] ?? "olcum-disi"
}

// tek satirlik rapor metni
func yaz(_ label: String, _ ekranAdi: String, _ alan: String, _ m: String?, _ e: String?, _ sonuc: String) -> String {
    return "\(label) | \(ekranAdi).\(alan): model=\(m ?? "-") ekran=\(e ?? "-") -> \(sonuc)"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    return keys.map { alan in
        let sonuc = verdict(model: model[alan], shown: screen.shown[alan])
        print(yaz(label, screen.name, alan, model[alan], screen.shown[alan], sonuc))
        return sonuc
    }
}

func countVerdicts(_ verdicts: [String]) {
    let sayac = verdicts.reduce(into: [String: Int]()) { acc, v in
        acc[v] = (acc[v] ?? 0) + 1
    }
    print("uyumlu: \(sayac["uyumlu"] ?? 0)")
    print("bayat: \(sayac["bayat"] ?? 0)")
    print("eksik: \(sayac["eksik"] ?? 0)")
    print("artik: \(sayac["artik"] ?? 0)")
}
