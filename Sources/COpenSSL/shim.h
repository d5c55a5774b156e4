#ifndef PURCHASEKIT_COPENSSL_SHIM_H
#define PURCHASEKIT_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/bio.h>
#include <openssl/x509.h>
#include <openssl/rand.h>

#endif
