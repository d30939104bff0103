import UIKit

class DetailViewController: UIViewController {
    var note = ""

    @IBAction func showSettings(_ sender: Any) {
        Router(navigation: navigationController).showSettings()
    }

    func reopen() {
        let same = storyboard?.instantiateViewController(withIdentifier: "Detail")
        if let same {
            navigationController?.pushViewController(same, animated: true)
        }
    }
}

class SettingsViewController: UIViewController {}
