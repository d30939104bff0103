import UIKit

extension RecipeListViewController {
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "ShowSettings" {
            guard let nav = segue.destination as? UINavigationController,
                  let settings = nav.topViewController as? SettingsViewController else { return }
            settings.model = RecipeStore.Preferences()
        }
    }
}
