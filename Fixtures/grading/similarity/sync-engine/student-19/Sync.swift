// Sync.swift
// Ödev: senkron motoru

func countVerdicts(_ verdicts: [String]) {
  // her türü say
  let kume = Dictionary(grouping: verdicts, by: { $0 })
  for cesit in ["uyumlu", "bayat", "eksik", "artik"] {
    let sayi = kume[cesit]?.count ?? 0
    print("\(cesit): \(sayi)")
  }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
  var liste = [String]()
  var j = 0
  while j < keys.count {
    let anahtar = keys[j]
    let sonuc = verdict(model: model[anahtar], shown: screen.shown[anahtar])
    let modeldeki = model[anahtar] ?? "-"
    let ekrandaki = screen.shown[anahtar] ?? "-"
    print("\(label) | \(screen.name).\(anahtar): model=\(modeldeki) ekran=\(ekrandaki) -> \(sonuc)")
    liste.append(sonuc)
    j += 1
  }
  return liste
}

func verdict(model: String?, shown: String?) -> String {
  switch (model, shown) {
  case (.none, .none): return "olcum-disi"
  case (.none, .some(_)): return "artik"
  case (.some(_), .none): return "eksik"
  case let (.some(x), .some(y)) where x == y: return "uyumlu"
  case (.some(_), .some(_)): return "bayat"
  }
}

final class Screen {
  let name: String
  private(set) var shown: [String: String] = [:]
  init(_ name: String) { self.name = name }
  func set(_ key: String, _ value: String) { shown[key] = value }
  func clear(_ key: String) {
    // yapılacak
  }
}
