#ifndef TRAILCAST_CLIBXML2_SHIM_H
#define TRAILCAST_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

#endif
