import FlowEngine

extension Explorer {
    /// The engine's note before an outlet trap (`outlet-before-view-loaded`).
    static func isOutletNote(_ e: Event) -> Bool {
        if case .note(let t) = e { return t.contains(Simulator.outletTrapMarker) }
        return false
    }
}
