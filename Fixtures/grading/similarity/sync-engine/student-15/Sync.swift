// Sync.swift
// Odev: senkron motoru. Her alan icin model ve ekran karsilastiriliyor.

func countVerdicts(_ verdicts: [String]) {
    var sayilar: [String: Int] = ["uyumlu": 0, "bayat": 0, "eksik": 0, "artik": 0]
    for tek in verdicts {
        sayilar.merge([tek: 1], uniquingKeysWith: +)
    }
    print("uyumlu: " + "\(sayilar["uyumlu"]!)")
    print("bayat: " + "\(sayilar["bayat"]!)")
    print("eksik: " + "\(sayilar["eksik"]!)")
    print("artik: " + "\(sayilar["artik"]!)")
}

func verdict(model: String?, shown: String?) -> String {
    guard model != nil || shown != nil else {
        return "olcum-disi"
    }
    guard let modelde = model else {
        return "artik"
    }
    guard let ekranda = shown else {
        return "eksik"
    }
    return modelde == ekranda ? "uyumlu" : "bayat"
}

final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    func clear(_ key: String) {
        shown[key] = nil
    }
}

// yoksa "-" yazilir
private func goster(_ s: String?) -> String {
    guard let s = s else { return "-" }
    return s
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var sonuclar: [String] = []
    sonuclar.reserveCapacity(keys.count)
    for (_, alan) in keys.enumerated() {
        let karar = verdict(model: model[alan], shown: screen.shown[alan])
        print("\(label) | \(screen.name).\(alan): model=\(goster(model[alan])) ekran=\(goster(screen.shown[alan])) -> \(karar)")
        sonuclar.append(karar)
    }
    return sonuclar
}
