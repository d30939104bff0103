import FlowModel

extension FlowJSON {
    /// `{ "label": { "type": "UILabel!", "line": 12 } }`
    static func outlets(_ list: [Outlet]) -> String {
        "{ " + list.map { o in
            "\(q(o.name)): { \"type\": \(q(o.type))" + (o.line.map { ", \"line\": \($0)" } ?? "") + " }"
        }.joined(separator: ", ") + " }"
    }

    /// `"outlets": [ { "name": "label", "line": 30 }, … ]`
    static func outletAccesses(_ list: [OutletAccess]) -> String {
        "\"outlets\": [" + list.map { a in
            var fields = ["\"name\": \(q(a.name))"]
            if a.optionalChaining { fields.append("\"optionalChaining\": true") }
            if a.forceUnwrap { fields.append("\"forceUnwrap\": true") }
            if let l = a.line { fields.append("\"line\": \(l)") }
            if let f = a.file { fields.append("\"file\": \(q(f))") }
            if a.beforeSet { fields.append("\"beforeSet\": true") }
            return "{ " + fields.joined(separator: ", ") + " }"
        }.joined(separator: ", ") + "]"
    }
}
