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

#endif
