import Foundation

struct Note: Codable {
    let title: String
    let contents: String
}
