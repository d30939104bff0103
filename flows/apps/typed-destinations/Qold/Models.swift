import Foundation

struct UserAuthentication {
    let email: String
    let password: String

    static var saved: UserAuthentication {
        UserAuthentication(email: UserDefaults.standard.string(forKey: "email") ?? "", password: "")
    }
}

struct DeviceGroup {
    let name: String
    let devices: [String]

    static var lastOpened: DeviceGroup {
        DeviceGroup(name: UserDefaults.standard.string(forKey: "lastGroup") ?? "", devices: [])
    }
}

struct DeviceGroupViewModel {
    let title: String
    let devices: [String]

    init(_ model: DeviceGroup) {
        title = model.name
        devices = model.devices
    }
}
