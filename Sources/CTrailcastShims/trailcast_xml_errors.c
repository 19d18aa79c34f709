// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#include "trailcast_xml_errors.h"

/* libxml2's declarations (xmlerror.h), repeated rather than included: this target builds
 * the same with Debian's headers (pkg-config) and with an Apple SDK's (which SwiftPM
 * cannot add to a C target's search path), and these two have been stable since libxml2
 * 2.0. The library itself is linked by TrailcastRoutes. */
typedef void (*trailcast_xml_generic_error_function)(void *context, const char *message, ...);
extern void xmlSetGenericErrorFunc(void *context, trailcast_xml_generic_error_function handler);

static void trailcast_ignore_libxml2_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void trailcast_silence_libxml2_generic_errors(void) {
    xmlSetGenericErrorFunc((void *)0, trailcast_ignore_libxml2_message);
}
