// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#ifndef TRAILCAST_XML_ERRORS_H
#define TRAILCAST_XML_ERRORS_H

/* libxml2 reports some faults only through its generic error channel, which prints to
 * standard error by default ("encoding error : input conversion failed ..."): a malformed
 * file must give one line, Trailcast's own. The channel's handler is C variadic, which
 * Swift can neither define nor import, hence this C target. libxml2 keeps the handler per
 * thread: call it on the thread that parses. */
void trailcast_silence_libxml2_generic_errors(void);

#endif
