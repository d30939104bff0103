import UIKit

/// Screens that render one model: the model is set before the view loads.
class BaseViewController<Model>: UIViewController {
    var model: Model!

    override func viewDidLoad() {
        super.viewDidLoad()
        render(model)
    }

    func render(_ model: Model) {}
}
