import Foundation

final class Inbox {
    var subjects: [String] = ["Hello"]
}
