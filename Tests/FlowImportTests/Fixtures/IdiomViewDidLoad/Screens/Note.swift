import Foundation

struct Note {
    var text: String
}
