import ArgumentParser
import GPXReader
import LocationReplay

/// The sysexits(3) codes Trailcast uses, so scripts can tell failures apart.
enum ExitStatus {
    /// EX_USAGE: a bad flag or argument (swift-argument-parser's own validation code).
    static let usage = ExitCode.validationFailure
    /// EX_DATAERR: the input is malformed or, with `--strict`, questionable.
    static let dataError = ExitCode(65)
    /// EX_NOINPUT: the input file is missing or cannot be opened.
    static let noInput = ExitCode(66)
    /// EX_CANTCREAT: the output file cannot be created.
    static let cannotCreate = ExitCode(73)
    /// EX_IOERR: reading failed part way.
    static let ioError = ExitCode(74)
    /// EX_UNAVAILABLE: a peer (a port to listen on, an emulator console) cannot be had.
    static let unavailable = ExitCode(69)

    static func forError(_ error: GPXError) -> ExitCode {
        switch error {
        case .cannotOpen: return noInput
        case .cannotRead: return ioError
        case .malformedXML, .notGPX, .unsafeDocument, .invalidContent: return dataError
        }
    }

    static func forError(_ error: ReplayError) -> ExitCode {
        switch error {
        case .gpx(let error): return forError(error)
        case .nothingToReplay: return dataError
        case .invalidConfiguration: return usage
        case .output: return ioError
        case .feed(_, let peerUnavailable): return peerUnavailable ? unavailable : ioError
        case .places(let error): return error.isUnreadable ? noInput : dataError
        }
    }
}
