import UIKit

final class RecipeListViewController: UITableViewController {
    var store: RecipeStore!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "\(store.recipes.count) recipes"
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let recipe = store.recipes[indexPath.row]
        // iOS 13 creator injection: the detail's init(coder:recipe:) runs, not init(coder:).
        let detail = storyboard!.instantiateViewController(identifier: "RecipeDetail") { coder in
            RecipeDetailViewController(coder: coder, recipe: recipe)
        }
        navigationController?.pushViewController(detail, animated: true)
    }

    @IBAction @objc(backToRecipes:) func unwindToList(_ segue: UIStoryboardSegue) {}
}
