import Foundation

final class RecipeStore {
    struct Recipe: Hashable {
        let id: Int
        let title: String
    }

    private(set) var recipes: [Recipe] = [Recipe(id: 1, title: "Bread")]
}

extension RecipeStore {
    struct Preferences {
        var metric = true
    }
}
