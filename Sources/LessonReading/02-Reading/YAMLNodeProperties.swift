/// Anchors (`&name`), aliases (`*name`, the anchored value again) and tags (`!!str`, `!local`, `!<verbatim>`;
/// read and ignored, so that the value stays the text that follows).
package extension YAMLReader {
    /// The anchor and tag written before a value.
    struct NodeProperties {
        package var anchor: String?
        package var hasTag = false
    }

    /// Reads the anchor and the tag at the reader, each followed by spaces, in either order.
    mutating func readProperties() -> NodeProperties {
        var properties = NodeProperties()
        while let indicator = current, indicator == "&" || indicator == "!" {
            let start = col
            col = lines[row].propertyEnd(from: col)
            let name = lines[row].text(start + 1..<col)
            if indicator == "&" {
                if name.isEmpty {
                    report(row, "'&' must be followed by the anchor's name")
                } else if let anchor = properties.anchor {
                    report(row, "a value can have only one anchor: '&\(anchor)', then '&\(name)'")
                } else {
                    properties.anchor = name
                }
            } else {
                if properties.hasTag { report(row, "a value can have only one tag: '!\(name)' is a second one") }
                properties.hasTag = true
            }
            skipSpaces()
        }
        return properties
    }

    /// Reads a value with `read`; when `properties` anchor it, remembers it for the aliases that follow.
    mutating func anchoring(_ properties: NodeProperties, _ read: (inout YAMLReader) -> Value) -> Value {
        guard let name = properties.anchor else { return read(&self) }
        openAnchors.append(name)
        let before = valueCount
        let value = read(&self)
        openAnchors.removeLast()
        anchors[name] = (value, max(1, valueCount - before))
        return value
    }

    /// `*name` at the reader: the value anchored `&name` before it. An alias that cannot be resolved is
    /// reported and stays its text.
    mutating func readAlias() -> Value {
        let aliasRow = row
        col += 1
        let start = col
        while let character = current, !character.isYAMLSpace, !character.isFlowIndicator { col += 1 }
        let name = lines[aliasRow].text(start..<col)
        guard !name.isEmpty else {
            return unresolved("*", aliasRow, "'*' must be followed by the name of an anchor")
        }
        if openAnchors.contains(name) {
            return unresolved("*" + name, aliasRow, "alias '*\(name)' is used inside the value it names")
        }
        guard let anchor = anchors[name] else {
            return unresolved("*" + name, aliasRow, "unknown alias '*\(name)': no '&\(name)' comes before it")
        }
        // The alias is its anchor's values again, and no more: an anchor on an alias holds what the alias
        // holds, so a chain of aliases of aliases counts one value a link, not the whole chain each time.
        guard valueCount + anchor.size <= Self.maximumValues else {
            return unresolved(
                "*" + name, aliasRow,
                "alias '*\(name)' would make the front matter hold more than \(Self.maximumValues) values")
        }
        valueCount += anchor.size
        return anchor.value
    }

    /// An alias that is reported and read as its text, one value.
    private mutating func unresolved(_ text: String, _ aliasRow: Int, _ message: String) -> Value {
        report(aliasRow, message)
        valueCount += 1
        return .text(text)
    }
}
