import UIKit

final class RecipeDetailViewController: UIViewController {
    let recipe: RecipeStore.Recipe

    init?(coder: NSCoder, recipe: RecipeStore.Recipe) {
        self.recipe = recipe
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("RecipeDetailViewController needs a recipe: use init(coder:recipe:)")
    }

    @IBAction @objc(shareRecipe:) func share(_ sender: Any) {}
}
