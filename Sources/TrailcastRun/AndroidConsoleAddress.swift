import Foundation

/// `--android-emulator [HOST:]PORT`: where an emulator's console listens (5554 for the
/// first emulator, 5556 for the second, ...; on 127.0.0.1).
public struct AndroidConsoleAddress: Equatable, Sendable {
    public var host: String
    public var port: Int

    public init(parsing text: String) throws(RunFailure) {
        let address = try HostAndPort(parsing: text, option: "--android-emulator")
        host = address.host
        port = address.port
    }

    /// The token the emulator wrote for its console, if the file is there.
    public static func tokenFromHome() -> String? {
        guard let home = ProcessInfo.processInfo.environment["HOME"],
              let data = FileManager.default.contents(atPath: home + "/.emulator_console_auth_token")
        else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
