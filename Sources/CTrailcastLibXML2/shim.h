// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
#ifndef TRAILCAST_CLIBXML2_SHIM_H
#define TRAILCAST_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

/* Debian's libxml2 is built with ICU, so its encoding.h pulls in the system ICU
 * headers. Inside a Clang module those clash with the ICU that Foundation bundles
 * ("'UErrorCode' has different definitions in different modules") in any target
 * that sees both. Trailcast never touches libxml2's ICU converter fields (the only
 * declarations behind this macro), so the module is built without them. */
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

#endif
