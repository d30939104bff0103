import FlowModel

/// The storyboard's `@IBAction` connections meet the code actions read from Swift: an action
/// the sources read as navigating (`logIn(_:)` performs a segue) and that a control of one of
/// its class's scenes sends (`<action selector="logIn:">`) is triggered by that control
/// (`control:login`, `tap login`), and the control joins the scene's `controls`. Actions no
/// control sends stay `manual` (reached with `call`).
enum ActionControls {
    static func apply(_ byScene: [String: [String: String]], to document: JSONNode) -> JSONNode {
        guard !byScene.isEmpty, case .object(var top) = document.value,
              let si = top.firstIndex(where: { $0.key == "scenes" }), case .object(var scenes) = top[si].value.value,
              let ci = top.firstIndex(where: { $0.key == "classes" }), case .object(var classes) = top[ci].value.value else { return document }
        // Class → selector → control name, from its scenes in document order.
        var named: [String: [String: String]] = [:]
        for s in scenes {
            guard let map = byScene[s.key], case .string(let cls)? = s.value["class"]?.value else { continue }
            for (selector, control) in map where named[cls]?[selector] == nil { named[cls, default: [:]][selector] = control }
        }
        var used: [String: [String: String]] = [:]
        for i in classes.indices {
            guard let map = named[classes[i].key], case .object(var cms) = classes[i].value.value,
                  let ai = cms.firstIndex(where: { $0.key == "actions" }), case .object(var actions) = cms[ai].value.value else { continue }
            for j in actions.indices {
                guard case .object(var fields) = actions[j].value.value,
                      let ti = fields.firstIndex(where: { $0.key == "trigger" }), case .string("manual") = fields[ti].value.value,
                      let control = map[ObjCSelector.derive(fromSwiftName: actions[j].key)] else { continue }
                fields[ti].value = JSONNode(.string("control:" + control), at: fields[ti].value.position)
                actions[j].value = JSONNode(.object(fields), at: actions[j].value.position)
                used[classes[i].key, default: [:]][ObjCSelector.derive(fromSwiftName: actions[j].key)] = control
            }
            cms[ai].value = JSONNode(.object(actions), at: cms[ai].value.position)
            classes[i].value = JSONNode(.object(cms), at: classes[i].value.position)
        }
        for i in scenes.indices {
            guard let map = byScene[scenes[i].key], case .string(let cls)? = scenes[i].value["class"]?.value,
                  let classUsed = used[cls], case .object(var ms) = scenes[i].value.value else { continue }
            let wanted = map.keys.sorted().compactMap { classUsed[$0] }
            guard !wanted.isEmpty else { continue }
            var existing: [JSONNode] = []
            let at = scenes[i].value.position
            if let k = ms.firstIndex(where: { $0.key == "controls" }), case .array(let list) = ms[k].value.value {
                existing = list
                ms.remove(at: k)
            }
            let have = Set(existing.compactMap { n -> String? in if case .string(let s) = n.value { return s } else { return nil } })
            var added = existing
            for w in wanted where !have.contains(w) && !added.contains(where: { if case .string(let s) = $0.value { s == w } else { false } }) {
                added.append(JSONNode(.string(w), at: at))
            }
            // Keep `controls` before the storyboard origin and notes, as the importer writes it.
            let insertAt = ms.firstIndex(where: { $0.key == "storyboard" || $0.key == "notes" }) ?? ms.count
            ms.insert(JSONNode.Member("controls", JSONNode(.array(added), at: at)), at: insertAt)
            scenes[i].value = JSONNode(.object(ms), at: at)
        }
        top[si].value = JSONNode(.object(scenes), at: top[si].value.position)
        top[ci].value = JSONNode(.object(classes), at: top[ci].value.position)
        return JSONNode(.object(top), at: document.position)
    }
}
