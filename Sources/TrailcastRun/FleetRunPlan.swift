// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import TrailcastBasics
package import TrailcastEngine
package import TrailcastFeeds
package import TrailcastRoutes

/// A `trailcast fleet` run: the fleet, its routes, how long, and where its messages go.
package struct FleetRunPlan: Sendable {
    /// Route files, or directories whose route files (sorted by name) are all routes.
    package var routePaths: [String]
    /// `--input-format`: how every route file is read; nil: by its extension, else its content.
    package var routeFormat: RouteFormat?
    package var fleet: FleetPlan
    /// Simulated seconds to run; nil: until interrupted (real time only).
    package var durationSeconds: Double?
    /// The moment the fleet starts on virtual time (`--start`); real time starts now.
    package var virtualStart: Timestamp
    /// The OwnTracks user, the topic's second level (`owntracks/USER/DEVICE`).
    package var ownTracksUser: String
    /// Where `--virtual` writes its messages; nil: standard output.
    package var outputPath: String?
    /// How `--virtual` writes each message: as the backend of that name receives it.
    package var virtualFormat = VirtualMessageFormat.ownTracks
    /// Where a real-time run publishes OwnTracks messages (`--mqtt`).
    package var mqtt: MQTTFleetPublisher.Options?
    /// The broker's login and TLS, read into ``mqtt`` when the run starts.
    package var mqttAccess = MQTTAccess()
    /// Where a real-time run sends OsmAnd positions (`--osmand`).
    package var osmAnd: FleetHTTPBackend?
    /// Where a real-time run POSTs OwnTracks messages (`--owntracks-http`).
    package var ownTracksHTTP: FleetHTTPBackend?
    /// Simulated seconds per real second on a real-time run (`--speed`).
    package var speed: Double = 1
    /// A subscriber counts what arrives (`--verify`).
    package var verify = false
    /// An OwnTracks Recorder whose store is read back after the run (`--verify-store`).
    package var verifyStore: BackendURL?
    /// At most this long after the run for the recorder to store the rest (`--verify-store-wait`).
    package var verifyStoreWait: Duration = .seconds(60)
    /// Where the JSON summary goes (`--summary`).
    package var summaryPath: String?

    /// 2026-01-01T00:00:00Z: a fixed start, so virtual runs are the same on every machine.
    package static let defaultVirtualStart = Timestamp(secondsSince1970: 1_767_225_600)

    package init(
        routePaths: [String], fleet: FleetPlan, durationSeconds: Double? = nil,
        virtualStart: Timestamp = FleetRunPlan.defaultVirtualStart, ownTracksUser: String = "fleet",
        outputPath: String? = nil
    ) {
        self.routePaths = routePaths
        self.fleet = fleet
        self.durationSeconds = durationSeconds
        self.virtualStart = virtualStart
        self.ownTracksUser = ownTracksUser
        self.outputPath = outputPath
    }

    /// Every path the run reads and writes, for ``PathGuard``: the route files (a
    /// directory's, each), the broker's and servers' certificates and password file, the
    /// messages file (`--virtual`) or the summary.
    package func paths(virtual: Bool) -> [CommandPath] {
        let routes = ((try? routeFiles()) ?? routePaths).map { CommandPath($0, "the route", .input) }
        let access = [
            CommandPath.input(mqttAccess.passwordFile, "the password file (--mqtt-password-file)"),
            .input(mqttAccess.trustedCertificatesFile, "the certificates (--mqtt-ca)"),
            .input(mqttAccess.clientCertificateFile, "the client certificate (--mqtt-cert)"),
            .input(mqttAccess.clientKeyFile, "the client key (--mqtt-key)"),
            .input(
                osmAnd?.trustedCertificatesFile ?? ownTracksHTTP?.trustedCertificatesFile,
                "the certificates (--http-ca)"),
            .input((osmAnd ?? ownTracksHTTP)?.access.passwordFile, "the password file (--http-password-file)"),
            .input((osmAnd ?? ownTracksHTTP)?.access.clientCertificateFile, "the client certificate (--http-cert)"),
            .input((osmAnd ?? ownTracksHTTP)?.access.clientKeyFile, "the client key (--http-key)"),
        ].compactMap { $0 }
        let outputs =
            virtual
            ? [CommandPath.mainOutput(outputPath, outputPath == nil ? "the messages" : "the messages file")]
            : [CommandPath.output(summaryPath, "the summary (--summary)")].compactMap { $0 }
        return routes + access + outputs
    }

    /// The route files: each file as given, each directory's route files (an extension of
    /// a ``RouteFormat``: `.gpx`, `.kml`, `.fit`, ...) by name.
    /// A path that is neither fails with exit 66.
    package func routeFiles() throws(RunFailure) -> [String] {
        var files: [String] = []
        for path in routePaths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw RunFailure(
                    "\(path): error: \(OpenFailure.reason(errno: errno, kind: "a route file"))", status: .noInput)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                files.append(path)
                continue
            }
            let names = try Self.routeFiles(in: path)
            guard !names.isEmpty else {
                let searched = Self.searchedFormats.map { ".\($0.rawValue)" }.joined(separator: ", ")
                throw RunFailure("\(path): error: no route file (\(searched)) in this directory", status: .noInput)
            }
            files += names.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        }
        return files
    }

    /// The formats a folder of routes is searched for, by extension: a CSV there may be any
    /// spreadsheet, and Takeout has no extension of its own.
    static let searchedFormats = RouteFormat.allCases.filter { $0 != .csv && $0 != .takeout }

    private static func routeFiles(in directory: String) throws(RunFailure) -> [String] {
        guard let handle = opendir(directory) else {
            throw RunFailure("\(directory): error: cannot read: \(String(cString: strerror(errno)))", status: .noInput)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            // (Not `.json` nor `.csv`: a folder of routes may hold other JSON, a manifest say,
            // or a spreadsheet; `.geojson` is a route, and a `.json` or `.csv` file given by
            // name is read as a route.)
            if let format = RouteFormat(fileName: name), Self.searchedFormats.contains(format),
                !name.lowercased().hasSuffix(".json"), !name.hasPrefix(".")
            {
                names.append(name)
            }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Reads every route once. A malformed file fails with its reader's one line (exit 65).
    package func loadRoutes() throws(RunFailure) -> [FleetRoute] {
        var routes: [FleetRoute] = []
        for file in try routeFiles() {
            do {
                routes.append(try FleetRoute(file: file, format: routeFormat, intervalSeconds: fleet.intervalSeconds))
            } catch {
                switch error {
                case .unreadable(let gpxError):
                    throw RunFailure(gpxError.description, status: RunExitStatus(for: gpxError))
                case .empty, .tooLong: throw RunFailure(error.description, status: .dataError)
                }
            }
        }
        return routes
    }
}

/// An HTTP backend of a fleet run: the connections' options and the URL's path.
package struct FleetHTTPBackend: Sendable {
    package var options: HTTPFleetSender.Options
    /// The URL's path, query included: put before OsmAnd's `/?id=...` (a proxy's place,
    /// `/osmand`), or where OwnTracks messages are POSTed (the recorder's `/pub`).
    package var path: String
    /// `https://`: TLS, trusting ``trustedCertificatesFile`` (`--http-ca`) or the system's CAs.
    package var tls = false
    package var trustedCertificatesFile: String?
    /// The login and client certificate (`--http-user`, `--http-cert`), read at the start.
    package var access = HTTPAccess()

    package init(options: HTTPFleetSender.Options, path: String) {
        self.options = options
        self.path = path
    }

    /// The options with TLS set up: the CA file read when the run starts (a missing one
    /// is exit 66, one that is not PEM 65).
    package func resolvedOptions() throws(RunFailure) -> HTTPFleetSender.Options {
        var options = options
        if let header = try access.authorizationHeader() { options.headers.append(header) }
        guard tls else {
            if access.clientCertificateFile != nil {
                throw RunFailure(
                    "--http-cert and --http-key are for TLS: write the server as https://HOST[:PORT]", status: .usage)
            }
            return options
        }
        do {
            options.security = try TransportSecurity(
                trustedCertificatesFile: trustedCertificatesFile, clientCertificateFile: access.clientCertificateFile,
                clientKeyFile: access.clientKeyFile, naming: .http)
        } catch {
            throw RunFailure(error.description, status: error.cannotOpen ? .noInput : .dataError)
        }
        return options
    }
}

/// How a `--virtual` fleet writes each message (`--format`): as the backend it stands for
/// receives it, so that a real run's receiver can be compared with it byte for byte.
package enum VirtualMessageFormat: String, Sendable, CaseIterable {
    /// `TOPIC PAYLOAD`, the OwnTracks JSON on its topic, as `mosquitto_sub -v` prints it
    /// (the same JSON `--owntracks-http` posts).
    case ownTracks = "owntracks"
    /// The request target of Traccar's OsmAnd protocol (`/?id=...&timestamp=...`), as
    /// `--osmand` asks for it under its URL's path.
    case osmAnd = "osmand"
}
