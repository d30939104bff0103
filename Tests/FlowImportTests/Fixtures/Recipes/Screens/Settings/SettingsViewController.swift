import UIKit

final class SettingsViewController: BaseViewController<RecipeStore.Preferences> {
    override func render(_ model: RecipeStore.Preferences) {
        title = model.metric ? "Metric" : "Imperial"
    }

    @IBAction func close(_ sender: Any) {
        dismiss(animated: true)
    }
}
