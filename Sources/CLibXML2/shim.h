#ifndef PURCHASEKIT_CLIBXML2_SHIM_H
#define PURCHASEKIT_CLIBXML2_SHIM_H

// xmlversion.h first, then drop ICU: Debian builds libxml2 with ICU, and its UErrorCode clashes with
// Foundation's private ICU module in debug builds.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>

/// `xmlFree` is a global function pointer, which Swift 6 refuses as shared mutable state.
static inline void purchasekit_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// libxml2 refuses documents nested deeper than the global `xmlParserMaxDepth` (256) unless
/// XML_PARSE_HUGE is given, which we never do. Raises that ceiling, never lowers it, so that the
/// reader's own configurable limit is the one that applies. Swift cannot touch the C global.
static inline void purchasekit_xml_raise_max_depth(unsigned int depth) {
    if (xmlParserMaxDepth < depth) {
        xmlParserMaxDepth = depth;
    }
}

#endif
