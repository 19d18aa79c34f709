// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// libxml2: Debian's through pkg-config (CTrailcastLibXML2), or the Apple SDK's own module,
// as Package.swift chooses (even should the system library's module map be visible there).
#if canImport(CTrailcastLibXML2) && !canImport(Darwin)
internal import CTrailcastLibXML2
#else
internal import libxml2
#endif
internal import CTrailcastShims

/// Reads a GPX file as a stream of ``RouteEvent``s, in document order, in constant memory.
///
/// Built on libxml2's SAX2 push parser: the file is read in chunks, each chunk is
/// parsed, and the points it completes are handed out one by one before the next
/// chunk is read. A million-point track therefore never sits in memory.
///
/// ```swift
/// let reader = try GPXStreamReader(contentsOfFile: "walk.gpx")
/// while let event = try reader.next() {
///     if case .trackPoint(let point) = event { print(point.latitude, point.longitude) }
/// }
/// ```
///
/// Safety: only `XML_PARSE_NONET` is set (never entity substitution, DTD loading or
/// `HUGE`), every external entity load is refused, and any entity declaration stops
/// the parse with ``RouteError/unsafeDocument(file:line:column:reason:)``.
///
/// A reader is used from one task at a time; it is not `Sendable`.
package final class GPXStreamReader {
    /// How strictly to read.
    package struct Options: Sendable {
        /// Turn every warning into a thrown ``RouteError/invalidContent(file:line:column:message:)``.
        package var strict: Bool
        /// Bytes read from the file per parse step.
        package var chunkSize: Int
        /// Drop (with a warning) a point's time when it is earlier than the previous
        /// point's in the same segment or route. A consumer that handles time order
        /// itself, such as replay (which drops the whole point), turns this off.
        package var checksTimeOrder: Bool
        /// Which point fields to decode; the rest are skipped unparsed. A pass that only
        /// counts points (`.coordinates`) runs about a third faster.
        package var fields: RouteFieldSelection

        package init(
            strict: Bool = false, chunkSize: Int = 64 * 1024, checksTimeOrder: Bool = true,
            fields: RouteFieldSelection = .all
        ) {
            self.strict = strict
            self.chunkSize = max(chunkSize, 16)
            self.checksTimeOrder = checksTimeOrder
            self.fields = fields
        }
    }

    private let source: ByteSource
    private let state: UnsafeMutablePointer<SAXParserState>
    private var chunk: UnsafeMutableRawBufferPointer
    private var nextPending = 0
    private var reachedEnd = false
    /// A failure held back until the events parsed before it have been handed out.
    private var deferredError: RouteError?
    /// Whether chunks end only at safe bytes (a document libxml2 converts; decided once the
    /// XML declaration has been read), and the bytes read but not pushed yet.
    private var cutsAtSafeBytes: Bool?
    private var heldBack: [UInt8] = []

    /// Opens a GPX file for streaming; `-` reads standard input.
    package convenience init(contentsOfFile path: String, options: Options = Options()) throws(RouteError) {
        self.init(source: try ByteSource(path: path), options: options)
    }

    /// Streams a GPX document held in memory; `name` is used in messages.
    package convenience init(bytes: [UInt8], name: String = "<memory>", options: Options = Options()) {
        self.init(source: ByteSource(bytes: bytes, displayName: name), options: options)
    }

    /// Reads `source` as GPX, or as KML or TCX (`dialect`): the same libxml2 reading, each
    /// format's own elements.
    init(source: ByteSource, options: Options, dialect: XMLRouteDialect = .gpx) {
        LibXML2Setup.once()
        self.source = source
        chunk = .allocate(byteCount: options.chunkSize, alignment: 16)
        state = .allocate(capacity: 1)
        state.initialize(
            to: SAXParserState(
                fileName: source.displayName, dialect: dialect, strict: options.strict,
                checksTimeOrder: options.checksTimeOrder, fields: options.fields))
    }

    deinit {
        if let context = state.pointee.context {
            // A DOCTYPE with an entity declaration makes libxml2 build a document to hold
            // it, which the context does not own (found by AddressSanitizer's leak check).
            if let document = context.pointee.myDoc {
                xmlFreeDoc(document)
                context.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(context)
        }
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
        chunk.deallocate()
    }

    /// The next event, or nil after the end of the document.
    ///
    /// Throws ``RouteError`` for unreadable, malformed, unsafe or (with `strict`)
    /// questionable input, after every event that precedes the problem in the
    /// document; after a throw the reader is finished and returns nil.
    package func next() throws(RouteError) -> RouteEvent? {
        while true {
            if nextPending < state.pointee.pending.count {
                defer { nextPending += 1 }
                return state.pointee.pending[nextPending]
            }
            state.pointee.pending.removeAll(keepingCapacity: true)
            nextPending = 0
            if let error = deferredError {
                deferredError = nil
                throw error
            }
            if reachedEnd { return nil }
            do {
                try parseNextChunk()
            } catch {
                // The chunk's callbacks may have completed points before the failure:
                // hand those out first, so what precedes an error does not depend on
                // where the chunks happen to be cut.
                dropWarnings(after: error)
                deferredError = error
            }
        }
    }

    /// Warnings placed after a malformed-XML error were met while libxml2 read on past the
    /// fault in the same chunk (a namespace URI with a bad byte in it, say): whether they
    /// come at all depends on the cut, and the error says what matters. (One at the error's
    /// very place may still come or not: it can have been handed out with an earlier chunk.)
    private func dropWarnings(after error: RouteError) {
        guard case .malformedXML(_, let line, let column, _) = error else { return }
        let pending = state.pointee.pending
        guard nextPending < pending.count else { return }
        let kept = pending[nextPending...].filter { event in
            guard case .warning(let warning) = event else { return true }
            return (warning.line, warning.column) <= (line, column)
        }
        state.pointee.pending.replaceSubrange(nextPending..., with: kept)
    }

    private func parseNextChunk() throws(RouteError) {
        let count: Int
        do {
            count = try source.read(into: chunk)
        } catch {
            reachedEnd = true
            throw error
        }
        let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
        let isLast = count == 0
        switch cutsAtSafeBytes {
        case false?:
            try push(bytes, isLast: isLast)
        case true?:
            heldBack.append(contentsOf: bytes)
            try pushHeldBack(isLast: isLast, cuttingAtSafeBytes: true)
        case nil:
            // Whether libxml2 converts the document shows in its XML declaration: gather the
            // bytes up to its end (the first `>`), 200 of them, or all there are, first.
            heldBack.append(contentsOf: bytes)
            guard
                isLast || heldBack.count >= ChunkBoundary.declarationWindow
                    || heldBack.contains(UInt8(ascii: ">"))
            else { return }
            let converted = ChunkBoundary.declaresConvertedEncoding(heldBack)
            cutsAtSafeBytes = converted
            try pushHeldBack(isLast: isLast, cuttingAtSafeBytes: converted)
            // Most documents are UTF-8 and never hold anything back again.
            if !converted { heldBack = [] }
        }
    }

    /// Pushes the bytes held back: for a converted document up to the last safe byte (see
    /// ``ChunkBoundary``), keeping the rest for the next chunk; otherwise all of them.
    private func pushHeldBack(isLast: Bool, cuttingAtSafeBytes: Bool) throws(RouteError) {
        var end = heldBack.count
        if cuttingAtSafeBytes && !isLast && heldBack.count < chunk.count + ChunkBoundary.maximumRunWithoutSafeByte {
            // (The first push is never short: a converted document's declaration has a safe
            // byte past its first four, which libxml2 reads for a byte order mark.)
            guard let safeEnd = ChunkBoundary.lastSafeEnd(in: heldBack) else { return }
            end = safeEnd
        }
        defer { heldBack.removeFirst(end) }
        let failure = heldBack.withUnsafeBytes { all -> RouteError? in
            do throws(RouteError) {
                try push(UnsafeRawBufferPointer(rebasing: all[..<end]), isLast: isLast)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func push(_ bytes: UnsafeRawBufferPointer, isLast: Bool) throws(RouteError) {
        var bytes = bytes
        // Per chunk: a reader may be made on one thread and read on another.
        trailcast_silence_libxml2_generic_errors()
        if state.pointee.context == nil {
            // The first bytes go to the constructor so libxml2 can detect a BOM
            // or UTF-16 before anything is decoded.
            let head = UnsafeRawBufferPointer(rebasing: bytes.prefix(4))
            guard let context = makeContext(firstBytes: head) else {
                reachedEnd = true
                throw .cannotRead(file: source.displayName, reason: "libxml2 could not create a parser")
            }
            state.pointee.context = context
            bytes = UnsafeRawBufferPointer(rebasing: bytes.dropFirst(head.count))
        }
        let context = state.pointee.context!
        let result = xmlParseChunk(
            context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(bytes.count), isLast ? 1 : 0)
        if isLast { reachedEnd = true }
        try throwIfFailed(context, parseResult: result)
    }

    private func makeContext(firstBytes: UnsafeRawBufferPointer) -> xmlParserCtxtPtr? {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localName, _, namespaceURI, _, _, attributeCount, _, attributes in
            guard let userData, let localName else { return }
            userData.assumingMemoryBound(to: SAXParserState.self).pointee.startElement(
                localName: localName, namespaceURI: namespaceURI,
                attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { userData, localName, prefix, namespaceURI in
            userData?.assumingMemoryBound(to: SAXParserState.self).pointee.endElement(
                localName: localName, prefix: prefix, namespaceURI: namespaceURI)
        }
        handler.characters = { userData, bytes, count in
            let state = userData.unsafelyUnwrapped.assumingMemoryBound(to: SAXParserState.self)
            guard state.pointee.isCapturingText, let bytes else { return }
            state.pointee.appendText(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.entityDecl = { userData, name, _, _, _, _ in
            userData?.assumingMemoryBound(to: SAXParserState.self).pointee.refuseEntityDeclaration(
                named: name.map { String(cString: $0) } ?? "")
        }
        handler.internalSubset = { userData, _, _, _ in
            userData?.assumingMemoryBound(to: SAXParserState.self).pointee.noteDocumentType()
        }
        handler.serror = { userData, error in
            guard let userData, let error = error?.pointee else { return }
            let state = userData.assumingMemoryBound(to: SAXParserState.self)
            if error.level == XML_ERR_FATAL, state.pointee.context?.pointee.instate == XML_PARSER_DTD {
                state.pointee.recordMalformedInternalSubset()
                return
            }
            let message = error.message.map { String(cString: $0) } ?? "unknown XML error"
            // Namespace problems (an undeclared prefix, a relative URI), warnings and
            // recoverable errors (an entity left undefined by an unread external DTD)
            // leave the document readable; real files have them, so they are warnings.
            // Only a fatal error ends well-formedness, so only it may be reported as such.
            let isFatal =
                error.level == XML_ERR_FATAL
                && error.domain != Int32(XML_FROM_NAMESPACE.rawValue)
            // Converting what was buffered when the declaration named the encoding failed:
            // libxml2 calls it an internal error ("switching encoding: encoder error").
            let isConversionFailure =
                error.code == Int32(XML_I18N_CONV_FAILED.rawValue)
                || (error.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue) && message.hasPrefix("switching encoding"))
            // Some messages continue on a second line ("Bytes: 0xFC ..."); a RouteError is one line.
            state.pointee.recordLibXMLError(
                line: Int(error.line), column: Int(error.int2),
                message: isConversionFailure
                    ? RouteError.encodingMismatchReason
                    : message.trimmingTrailingNewlines().replacing("\n", with: " "),
                isFatal: isFatal,
                isEndOfDocument: error.code == Int32(XML_ERR_DOCUMENT_END.rawValue))
        }
        let context = source.displayName.withCString { fileName in
            xmlCreatePushParserCtxt(
                &handler, UnsafeMutableRawPointer(state),
                firstBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                Int32(firstBytes.count), fileName)
        }
        if let context {
            xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        }
        return context
    }

    private func throwIfFailed(_ context: xmlParserCtxtPtr, parseResult: Int32) throws(RouteError) {
        if let failure = state.pointee.failure {
            reachedEnd = true
            throw failure
        }
        // Bytes the document's encoding cannot convert (bad UTF-16, say) stop libxml2's push
        // parser through its generic error channel, without marking the document
        // ill-formed: it would end early and silently, depending on where a chunk was cut
        // (found by the GPX reader's fuzz target, kept in Fuzz/Crashes/gpx-reader/).
        let errorNumber = context.pointee.errNo
        // (libxml2 2.9 halts with errNo -1, its "parser at end" state, and no other error.)
        let halted = errorNumber == -1 && context.pointee.disableSAX != 0 && context.pointee.wellFormed != 0
        // A chunk libxml2 could not convert as a whole (the bad bytes inside it) halts the
        // parser with only xmlParseChunk's result to say so: errNo stays as it was.
        let conversionFailed =
            parseResult == Int32(XML_ERR_INVALID_ENCODING.rawValue)
            && context.pointee.wellFormed != 0
        if halted || conversionFailed || errorNumber == Int32(XML_I18N_CONV_FAILED.rawValue)
            || errorNumber == Int32(XML_IO_ENCODER.rawValue)
        {
            reachedEnd = true
            let (line, column) = state.pointee.position
            throw .malformedXML(
                file: source.displayName, line: line, column: column,
                reason: RouteError.encodingMismatchReason)
        }
        guard context.pointee.wellFormed == 0 else { return }
        reachedEnd = true
        if let (line, column, message) = state.pointee.firstFatalError {
            throw .malformedXML(file: source.displayName, line: line, column: column, reason: message)
        }
        let (line, column) = state.pointee.position
        throw .malformedXML(
            file: source.displayName, line: line, column: column, reason: "malformed XML")
    }
}

/// Process-wide libxml2 settings, applied once before the first parse.
enum LibXML2Setup {
    private static let applied: Bool = {
        xmlInitParser()
        // Defence in depth: even if some path asked for an external entity or DTD,
        // nothing outside the document is ever opened.
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    static func once() { _ = applied }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var result = Substring(self)
        while let last = result.last, last == "\n" || last == "\r" || last == " " {
            result = result.dropLast()
        }
        return String(result)
    }
}

extension SAXParserState {
    /// Calls `body` with each attribute of a SAX2 start-element callback that has no
    /// namespace: its local name and its value's bytes.
    static func forEachAttribute(
        _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        _ body: (UnsafePointer<UInt8>, UnsafeRawBufferPointer) -> Void
    ) {
        guard let attributes else { return }
        // SAX2 hands attributes as (localname, prefix, URI, value, end) quintuples;
        // the value is not NUL-terminated.
        for index in 0..<count {
            let base = attributes + index * 5
            guard let name = base[0], base[2] == nil, let start = base[3], let end = base[4] else {
                continue
            }
            body(name, UnsafeRawBufferPointer(start: start, count: end - start))
        }
    }

    /// An attribute's value as text. Without entity substitution (off: see the parser's
    /// options), libxml2 hands every `&` of an attribute, written `&amp;` or `&#38;`, as the
    /// five bytes `&#38;`, leaving the reparse to a tree builder (parser.c,
    /// xmlParseAttValueInternal: "The reparsing will be done in xmlNodeParseContent()"); a
    /// SAX reader undoes it. No `&` reaches a value any other way, so each `&#38;` is one.
    static func attributeText(_ value: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: value, as: UTF8.self)
        return text.contains("&#38;") ? text.replacing("&#38;", with: "&") : text
    }
}
