import TrailcastSettings
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a replay writes, created before it starts (so that a path that cannot be
/// created fails the run before anything else happens) and closed once it has ended
/// (``closeAll()``, after the report is written).
struct RunFiles {
    /// The timeline's descriptor: its file, or standard output.
    let timeline: Int32
    /// The report page, written whole at the end: staged beside its place and put there
    /// once written (``commitReport()``), so a run that dies leaves the old page.
    let reportOutput: StagedOutput?
    var report: Int32? { reportOutput?.descriptor }
    let weatherLog: Int32?
    let nmea: [Int32]
    private let ownsTimeline: Bool

    /// Creates them in the order of the flags' importance: the timeline, the report, the
    /// weather log, the NMEA files. When one fails, those already open are closed.
    /// None may be one of `inputs` (the route): exit 64 before anything is opened.
    init(_ output: TimelineOutput, nmeaFiles: [String], inputs: [String] = []) throws(RunFailure) {
        var opened: [Int32] = []
        var staged: StagedOutput?
        func create(_ path: String, _ what: String) throws(RunFailure) -> Int32 {
            let descriptor = try OutputFile.create(path, what: what, inputs: inputs)
            opened.append(descriptor)
            return descriptor
        }
        do {
            if let path = output.path { timeline = try create(path, "the timeline file") } else { timeline = STDOUT_FILENO }
            staged = try output.reportPath.map { path throws(RunFailure) in try StagedOutput(path, what: "the report", inputs: inputs) }
            reportOutput = staged
            if let path = output.weatherLogPath { weatherLog = try create(path, "the weather log") } else { weatherLog = nil }
            var nmea: [Int32] = []
            for path in nmeaFiles {
                nmea.append(try create(path, "the NMEA file"))
            }
            self.nmea = nmea
        } catch {
            for descriptor in opened { _ = close(descriptor) }
            staged?.discard()
            throw error
        }
        ownsTimeline = output.path != nil
    }

    /// Closes them all (standard output stays open).
    func closeAll() {
        if ownsTimeline { close(timeline) }
        // Not put in place by then: the run never wrote it.
        reportOutput?.discard()
        if let weatherLog { close(weatherLog) }
        for descriptor in nmea { _ = close(descriptor) }
    }

    /// The width the text format wraps to: the terminal's (`COLUMNS`, as shells export it,
    /// else 100) when the timeline goes to one; nil for a file or a pipe, which keep one
    /// line per event.
    func textWidth() -> Int? {
        guard isatty(timeline) == 1 else { return nil }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns >= 40 { return columns }
        return 100
    }

    /// Whether the text format should be coloured on the timeline's descriptor.
    func usesColor(_ choice: TimelineOutput.Color) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(timeline) == 1
        }
    }
}
