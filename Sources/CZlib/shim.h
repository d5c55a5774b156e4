#ifndef PURCHASEKIT_CZLIB_SHIM_H
#define PURCHASEKIT_CZLIB_SHIM_H
#include <zlib.h>
#endif
