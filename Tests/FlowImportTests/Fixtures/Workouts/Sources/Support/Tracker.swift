import Foundation

final class Tracker {
    enum Kind: String { case run, ride }

    struct Session {
        var kind: Kind
        var minutes: Int
    }

    var sessions: [Session] = []
}
