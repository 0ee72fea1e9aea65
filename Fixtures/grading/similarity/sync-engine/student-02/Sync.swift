final class Screen {
  let name: String
  private(set) var shown = [String: String]()

  init(_ name: String) {
    self.name = name
  }

  func set(_ key: String, _ value: String) {
    shown.updateValue(value, forKey: key)
  }

  func clear(_ key: String) {
    shown[key] = nil
  }
}

func verdict(model: String?, shown: String?) -> String {
  if let modelValue = model {
    if let shownValue = shown {
      if modelValue == shownValue {
        return "uyumlu"
      } else {
        return "bayat"
      }
    } else {
      return "eksik"
    }
  } else {
    if shown != nil {
      return "artik"
    } else {
      return "olcum-disi"
    }
  }
}

func countVerdicts(_ verdicts: [String]) {
  var uyumlu = 0
  var bayat = 0
  var eksik = 0
  var artik = 0
  verdicts.forEach { item in
    switch item {
    case "uyumlu": uyumlu += 1
    case "bayat": bayat += 1
    case "eksik": eksik += 1
    case "artik": artik += 1
    default: break
    }
  }
  print("uyumlu: " + String(uyumlu))
  print("bayat: " + String(bayat))
  print("eksik: " + String(eksik))
  print("artik: " + String(artik))
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
  var out = [String]()
  keys.forEach { k in
    let fromModel = model[k]
    let onScreen = screen.shown[k]
    let result = verdict(model: fromModel, shown: onScreen)
    var line = label + " | " + screen.name + "." + k
    line += ": model=" + (fromModel ?? "-")
    line += " ekran=" + (onScreen ?? "-")
    line += " -> " + result
    print(line)
    out.append(result)
  }
  return out
}
