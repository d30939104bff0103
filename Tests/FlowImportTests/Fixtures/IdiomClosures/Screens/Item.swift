import Foundation

struct Item {
    var name: String
}

final class ItemLoader {
    func load(_ done: @escaping ([Item]) -> Void) {
        done([Item(name: "First")])
    }
}
