import ArgumentParser
import Foundation

/// `--android-emulator [HOST:]PORT`: where an emulator's console listens (5554 for the
/// first emulator, 5556 for the second, ...; on 127.0.0.1).
struct AndroidConsoleAddress: Equatable {
    var host: String
    var port: Int

    init(parsing text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let port = Int(parts.last!), (1...65535).contains(port),
              parts.count == 1 || !parts[0].isEmpty
        else {
            throw ValidationError("--android-emulator \(text): expected PORT or HOST:PORT, such as 5554 or 127.0.0.1:5554")
        }
        host = parts.count == 2 ? String(parts[0]) : "127.0.0.1"
        self.port = port
    }

    /// The token the emulator wrote for its console, if the file is there.
    static func tokenFromHome() -> String? {
        guard let home = ProcessInfo.processInfo.environment["HOME"],
              let data = FileManager.default.contents(atPath: home + "/.emulator_console_auth_token")
        else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
