import Foundation

final class ShelfStore {
    var titles: [String] = ["Dune", "Emma"]
}
