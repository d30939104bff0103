/// `"as!": "X"` in a prepare or launch case: the cast is Swift's `as!`, which traps when it
/// fails instead of doing nothing (`"as": "X"`, `as?`). One cast per case, so not both keys.
extension FlowDecoder {
    mutating func forcedCast(_ f: Fields, _ p: inout PrepareCase) {
        guard f["as!"] != nil, let type = f.string("as!", &sink) else { return }
        if p.cast != nil {
            sink.error(f["as!"]?.position, f.path("as!"), "a case casts once: 'as' (as?) or 'as!', not both")
            return
        }
        p.cast = type
        p.forced = true
    }
}

extension FlowDecoder {
    /// `"as!": "X"` on a code action: the scene it instantiates (`identifier`, `scene`) is
    /// force-cast to X. A class built in code is already X: there is nothing to cast.
    mutating func forcedCast(_ f: Fields, _ a: inout CodeAction) {
        guard f["as!"] != nil, let type = f.string("as!", &sink) else { return }
        guard a.storyboardIdentifier != nil || a.scene != nil else {
            sink.error(f["as!"]?.position, f.path("as!"), "'as!' casts a scene instantiated from a storyboard: give 'identifier' or 'scene'")
            return
        }
        a.forcedCast = type
    }
}
