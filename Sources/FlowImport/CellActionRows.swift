import FlowModel

/// The storyboard gives a prototype table rows only when a cell holds a segue (rows are data,
/// one per prototype). A table whose row selection is handled in code —
/// `tableView(_:didSelectRowAt:)`, read from the Swift sources as a `cell` action (seeds 002
/// and 003) — is selectable too: its scene gets one row, with a note, so the action can be
/// triggered (`select 0`) instead of being reported as never triggered.
enum CellActionRows {
    static func add(to document: JSONNode) -> JSONNode {
        guard case .object(var top) = document.value,
              let si = top.firstIndex(where: { $0.key == "scenes" }), case .object(var scenes) = top[si].value.value else { return document }
        var cellClasses: Set<String> = []
        if case .object(let classes)? = document["classes"]?.value {
            for c in classes {
                guard case .object(let actions)? = c.value["actions"]?.value else { continue }
                if actions.contains(where: { a in
                    if case .string(let t)? = a.value["trigger"]?.value { return t == "cell" }
                    return false
                }) { cellClasses.insert(c.key) }
            }
        }
        guard !cellClasses.isEmpty else { return document }
        for i in scenes.indices {
            let s = scenes[i].value
            guard case .object(var ms) = s.value, s["rows"] == nil,
                  case .string(let cls)? = s["class"]?.value, cellClasses.contains(cls) else { continue }
            ms.append(JSONNode.Member("rows", JSONNode(.number(1, text: "1"), at: s.position)))
            let note = JSONNode(.string("rows are data: \(cls).tableView(_:didSelectRowAt:) handles a selection, so one row is given; set \"rows\" to what the app shows"), at: s.position)
            if let n = ms.firstIndex(where: { $0.key == "notes" }), case .array(let list) = ms[n].value.value {
                ms[n].value = JSONNode(.array(list + [note]), at: ms[n].value.position)
            } else {
                ms.append(JSONNode.Member("notes", JSONNode(.array([note]), at: s.position)))
            }
            scenes[i].value = JSONNode(.object(ms), at: s.position)
        }
        top[si].value = JSONNode(.object(scenes), at: top[si].value.position)
        return JSONNode(.object(top), at: document.position)
    }
}
