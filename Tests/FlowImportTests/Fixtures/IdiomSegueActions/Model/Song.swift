import Foundation

struct Song {
    var title: String
}

struct Library {
    var songs: [Song] = []
}
