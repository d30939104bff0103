struct Book {
    var title: String
    var notes: String
}

struct Shelf {
    var name: String
    var books: [Book]

    var unread: [Book] { books.filter { $0.notes.isEmpty } }

    static func sample() -> Shelf {
        Shelf(name: "Home", books: [Book(title: "Dune", notes: ""), Book(title: "Emma", notes: "re-read")])
    }
}
