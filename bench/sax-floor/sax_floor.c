// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
/* The floor under `trailcast inspect` (issue 58): libxml2's SAX2 push parser over a file,
 * 64 KiB chunks, XML_PARSE_NONET as GPXStreamReader sets it, with handlers that do no more
 * than the least any reader must: count the elements, and the bytes of their text.
 *
 *     cc -O2 -o sax_floor sax_floor.c $(pkg-config --cflags --libs libxml-2.0)
 *     ./sax_floor FILE      -> "elements N text-bytes M"
 */
#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>

static unsigned long elements, text_bytes;

static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                          int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                          const xmlChar **attributes) {
    (void)ctx; (void)localname; (void)prefix; (void)uri; (void)namespace_count; (void)namespaces;
    (void)attribute_count; (void)defaulted; (void)attributes;
    elements++;
}

static void end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)ctx; (void)localname; (void)prefix; (void)uri;
}

static void characters(void *ctx, const xmlChar *text, int length) {
    (void)ctx; (void)text;
    text_bytes += (unsigned long)length;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: sax_floor FILE\n"); return 64; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 66; }
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = start_element;
    handler.endElementNs = end_element;
    handler.characters = characters;
    static char chunk[64 * 1024];
    size_t count = fread(chunk, 1, 4, file);
    xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&handler, NULL, chunk, (int)count, argv[1]);
    xmlCtxtUseOptions(parser, XML_PARSE_NONET);
    while ((count = fread(chunk, 1, sizeof chunk, file)) > 0) {
        if (xmlParseChunk(parser, chunk, (int)count, 0) != 0) break;
    }
    int status = xmlParseChunk(parser, chunk, 0, 1);
    int wellFormed = parser->wellFormed;
    xmlFreeParserCtxt(parser);
    fclose(file);
    printf("elements %lu text-bytes %lu\n", elements, text_bytes);
    return status == 0 && wellFormed ? 0 : 65;
}
