struct Book {
    var title: String
    var pages: Int
}
