// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// Off Apple platforms only: there CoreLocationSeam re-exports Core Location itself.
#if !(canImport(CoreLocation) && !TRAILCAST_CORELOCATION_STANDIN)
import Foundation
import Testing

/// Code typed from Core Location habit that cannot compile off Apple platforms
/// (`CLLocationManager()`, a `CLLocationManagerDelegate`, `CLMonitor`, `CLLocationUpdate`)
/// fails with an error that names what to write instead: a probe file type-checked with
/// `swiftc` against the CoreLocationSeam module this build made, and against the
/// CoreLocation module that stands in for Apple's here, as habit imports it.
@Suite("Habit's compile errors")
struct HabitCompileErrorTests {
    /// `swiftc` on PATH, or nil.
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swiftc" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// The folder holding CoreLocationSeam.swiftmodule: `Modules` beside the test binary
    /// (SwiftPM's layout), else the package's debug build.
    static func modulesFolder() -> String? {
        var candidates: [String] = []
        if let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("Modules").path)
        }
        candidates.append(SimulationTests.root + "/.build/debug/Modules")
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/CoreLocationSeam.swiftmodule") }
    }

    /// The probe, importing `module`: CoreLocationSeam, or CoreLocation as habit writes it
    /// (off Apple platforms the testing libraries bring a module of that name).
    static func probe(importing module: String) -> String {
        "import \(module)\n" + body
    }

    static let body = """

        func makeManager() {
            let manager = CLLocationManager()
            _ = manager
        }

        func conformDelegate() {
            final class App: CLLocationManagerDelegate {}
        }

        func monitorGeofences() async {
            _ = await CLMonitor("geofences")
        }

        func followUpdates() async throws {
            for try await update in CLLocationUpdate.liveUpdates(.fitness) { _ = update }
        }
        """

    @Test(
        .enabled(if: swiftc != nil, "swiftc is not on PATH: the probe cannot be type-checked"),
        arguments: ["CoreLocation", "CoreLocationSeam"])
    func eachHabitsFirstErrorNamesTheSeamsType(importing module: String) throws {
        let modules = try #require(
            Self.modulesFolder(), "no CoreLocationSeam.swiftmodule beside the test binary or in .build/debug/Modules")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trailcast-habit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Habit.swift")
        try Self.probe(importing: module).write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.swiftc))
        process.arguments = ["-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus != 0, "the probe must not compile")
        // The compiler's own lines (`Habit.swift:4:19: error: ...`), not the source excerpts.
        let errors = text.split(separator: "\n").filter { $0.hasPrefix(file.path) && $0.contains(": error: ") }
        let first = try #require(errors.first, "no error from swiftc:\n\(text)")
        #expect(first.contains("Habit.swift:4:"), "the first error is CLLocationManager()'s:\n\(text)")
        #expect(
            first.contains(
                "'CLLocationManager' is unavailable: Core Location is not on this platform: write the code against 'any LocationManaging'"
            ), "\(first)")
        #expect(first.contains("'SimulatedLocationManager(simulation:)'"), "\(first)")
        let expected = [
            (
                9,
                "'CLLocationManagerDelegate' is unavailable: Core Location is not on this platform: conform to 'LocationManagingDelegate'"
            ),
            (
                13,
                "'CLMonitor' is unavailable: Core Location is not on this platform: write the geofencing against a 'LocationMonitoring'"
            ),
            (
                17,
                "'CLLocationUpdate' is unavailable: Core Location is not on this platform: iterate the live updates of a 'LiveLocationUpdating'"
            ),
        ]
        for (line, message) in expected {
            #expect(
                errors.first { $0.contains("Habit.swift:\(line):") }?.contains(message) == true,
                "line \(line):\n\(text)")
        }
    }
}
#endif
