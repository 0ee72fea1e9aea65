// Sync.swift
// Sonuclari enum ile tutuyorum, yazarken rawValue kullaniyorum.

enum Sonuc: String, CaseIterable {
    case uyumlu
    case bayat
    case eksik
    case artik
    case olcumDisi = "olcum-disi"

    static func bul(_ model: String?, _ ekran: String?) -> Sonuc {
        guard model != nil || ekran != nil else { return .olcumDisi }
        guard let m = model else { return .artik }
        guard let e = ekran else { return .eksik }
        return m == e ? .uyumlu : .bayat
    }
}

final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) { self.name = name }

    func set(_ key: String, _ value: String) {
        var yeni = shown
        yeni[key] = value
        shown = yeni
    }

    func clear(_ key: String) {
        shown = shown.filter { $0.key != key }
    }
}

func verdict(model: String?, shown: String?) -> String {
    Sonuc.bul(model, shown).rawValue
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    keys.map { (k: String) -> String in
        let s = Sonuc.bul(model[k], screen.shown[k])
        print("\(label) | \(screen.name).\(k): model=\(model[k] ?? "-") ekran=\(screen.shown[k] ?? "-") -> \(s.rawValue)")
        return s.rawValue
    }
}

func countVerdicts(_ verdicts: [String]) {
    let hepsi = verdicts.compactMap { Sonuc(rawValue: $0) }
    for durum in Sonuc.allCases where durum != .olcumDisi {
        print("\(durum.rawValue): \(hepsi.filter { $0 == durum }.count)")
    }
}
