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
