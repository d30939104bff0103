import UIKit

extension UIStoryboard {
    static var settings: UIStoryboard { UIStoryboard(name: "Settings", bundle: .main) }

    static func named(_ name: String) -> UIStoryboard {
        // A computed name is no reference: nothing to check here.
        UIStoryboard(name: name, bundle: nil)
    }
}
