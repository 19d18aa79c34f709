// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// libxml2: Debian's through pkg-config (CTrailcastLibXML2), or the Apple SDK's own module,
// as Package.swift chooses (even should the system library's module map be visible there).
#if canImport(CTrailcastLibXML2) && !canImport(Darwin)
internal import CTrailcastLibXML2
#else
internal import libxml2
#endif

/// The reader's problems: libxml2's errors and warnings placed and worded for a GPX
/// reader, the documents it refuses outright, and warnings that become errors with
/// `--strict`. Kept apart from the elements' handling (``SAXParserState``), which only
/// calls ``warn(_:)`` and ``refuse(_:)``.
extension SAXParserState {
    mutating func refuseEntityDeclaration(named name: String) {
        let (line, column) = position
        refuse(
            .unsafeDocument(
                file: fileName, line: line, column: column,
                reason: "the document declares the entity '\(name)'; entity declarations are refused "
                    + "(they allow entity-expansion bombs and reading other files)"))
    }

    /// The DOCTYPE's name and external identifiers are read; libxml2 stands at its internal
    /// subset's `[`, if any.
    mutating func noteDocumentType() {
        documentTypeSubsetStart = position
    }

    /// A fatal error while libxml2 reads the DOCTYPE's internal subset. libxml2 2.9's push
    /// parser looks ahead for the subset's end in each chunk it is given, and a malformed
    /// subset defeats that lookahead differently for each cut: one file was "Extra content
    /// at the end of the document" at the `[` when read 64 KiB at a time and "error detected
    /// in Markup declaration" two columns on when read 16 bytes at a time (found by fuzzing,
    /// kept in Fuzz/Crashes/gpx-reader/). Both are this one error, at the `[`.
    mutating func recordMalformedInternalSubset() {
        guard firstFatalError == nil else { return }
        let (line, column) = documentTypeSubsetStart ?? position
        firstFatalError = (line, column, RouteError.malformedInternalSubsetReason)
    }

    mutating func recordLibXMLError(
        line: Int, column: Int, message: String, isFatal: Bool, isEndOfDocument: Bool
    ) {
        if isFatal {
            guard firstFatalError == nil else { return }
            // libxml2 says "Extra content at the end of the document" both for text after
            // </gpx> and for input that stops early; only the first is extra content.
            var (line, column, message) = (line, column, message)
            if isEndOfDocument, depthOfLastStartedElement == 0 {
                message = "the file ends before any element: it is empty, truncated or not XML"
            } else if isEndOfDocument, !stack.isEmpty {
                message = "the file ends before </\(dialect.root.element)>: it is truncated or incomplete"
                (line, column) = endOfInput(from: (line, column))
            }
            firstFatalError = (line, column, message)
        } else {
            // At most 64 kinds are remembered: a hostile file's many kinds still get a line each.
            guard !libXMLWarningsSaid.contains(message) else { return }
            if libXMLWarningsSaid.count < 64 { libXMLWarningsSaid.insert(message) }
            warn("\(message); read on as written (warned once)", line: line, column: column)
        }
    }

    /// Where the input ends, counted on from libxml2's place over what it has not consumed.
    /// A truncated document is placed at its end: libxml2 says it wherever its push parser
    /// stopped, which for text running to the end depends on the cut (one column apart for
    /// chunks of 16 bytes and of 64 KiB; found by fuzzing, kept in
    /// Fuzz/Crashes/route-formats/). Lines and columns are counted as libxml2 counts them:
    /// a line feed starts a line, every other character (not byte) is a column.
    private func endOfInput(from place: (line: Int, column: Int)) -> (line: Int, column: Int) {
        guard let input = context?.pointee.input?.pointee, let current = input.cur, let end = input.end,
            current <= end
        else { return place }
        var (line, column) = place
        for byte in UnsafeBufferPointer(start: current, count: end - current) {
            if byte == UInt8(ascii: "\n") {
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    mutating func warn(_ message: String) {
        let (line, column) = position
        warn(message, line: line, column: column)
    }

    mutating func warn(_ message: String, line: Int, column: Int) {
        if strict {
            refuse(.invalidContent(file: fileName, line: line, column: column, message: message))
        } else {
            pending.append(.warning(RouteWarning(line: line, column: column, message: message)))
        }
    }

    mutating func refuse(_ error: RouteError) {
        guard failure == nil else { return }
        failure = error
        if let context { xmlStopParser(context) }
    }
}
