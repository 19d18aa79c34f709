// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
package import TrailcastRoutes
package import TrailcastEngine
import TrailcastApps

/// The sysexits(3) codes a run ends with, so scripts can tell failures apart. The command
/// exits with the raw value; the library says which one a failure is.
public enum RunExitStatus: Int32, Sendable {
    /// EX_USAGE: a bad flag or argument (swift-argument-parser's own validation code).
    case usage = 64
    /// EX_DATAERR: the input is malformed or, with `--strict`, questionable.
    case dataError = 65
    /// EX_NOINPUT: the input file is missing or cannot be opened.
    case noInput = 66
    /// EX_UNAVAILABLE: a peer (a port to listen on, an emulator console) cannot be had.
    case unavailable = 69
    /// EX_SOFTWARE: the simulated app crashed (a fatal error Core Location raises, such as
    /// background updates without their background mode in the Info.plist).
    case software = 70
    /// EX_CANTCREAT: an output file cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed part way.
    case ioError = 74
    /// Anything else that went wrong.
    case failure = 1

    /// The status for a route reader's error.
    package init(for error: RouteError) {
        switch error {
        case .cannotOpen: self = .noInput
        case .cannotRead: self = .ioError
        case .malformedXML, .notGPX, .unsafeDocument, .invalidContent, .malformed, .malformedBinary: self = .dataError
        }
    }

    /// The status for a replay's error.
    package init(for error: ReplayError) {
        switch error {
        case .gpx(let error): self.init(for: error)
        case .nothingToReplay: self = .dataError
        case .invalidConfiguration: self = .usage
        case .output: self = .ioError
        case .feed(_, let peerUnavailable): self = peerUnavailable ? .unavailable : .ioError
        case .places(let error): self = error.isUnreadable ? .noInput : .dataError
        case .appCrashed: self = .software
        }
    }
}

/// Why a run could not go on: the one line to show (a file's name first where there is
/// one) and the exit status it means.
public struct RunFailure: Error, Sendable, CustomStringConvertible {
    /// The one line to show, a file's name first where there is one; the command adds `trailcast:`
    /// and `error:` where the line lacks them.
    public var message: String
    /// The exit status the failure means (a sysexits(3) code), which the command exits with.
    public var status: RunExitStatus
    /// False when the message must not go to standard error: standard error is one of the
    /// command's inputs, and writing there would change it (`PathGuard`).
    package var writesMessage: Bool

    /// A failure saying `message`, ending with `status`; `writesMessage` false keeps it off standard
    /// error.
    package init(_ message: String, status: RunExitStatus, writesMessage: Bool = true) {
        self.message = message
        self.status = status
        self.writesMessage = writesMessage
    }

    public var description: String { message }
}

extension RunFailure {
    /// A failed write, in the one wording every command uses (exit 74):
    /// `trailcast: error: cannot write out.jsonl: No space left on device`; `-` and no path
    /// are "standard output".
    package static func cannotWrite(_ path: String?, errno code: Int32) -> RunFailure {
        cannotWrite(path, reason: String(cString: strerror(code)))
    }

    package static func cannotWrite(_ path: String?, reason: String) -> RunFailure {
        RunFailure("error: cannot write \(StandardStreams.outputName(path)): \(reason)", status: .ioError)
    }
}
