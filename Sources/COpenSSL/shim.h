#ifndef PURCHASEKIT_COPENSSL_SHIM_H
#define PURCHASEKIT_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/bio.h>
#include <openssl/x509.h>
#include <openssl/rand.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

/// A P-256 key built from its raw parts with EVP_PKEY_fromdata, which costs a few tens of
/// microseconds where OpenSSL 3's DER decoders (d2i_AutoPrivateKey, d2i_PUBKEY) cost hundreds:
/// `priv` (big-endian scalar) NULL for a public key, `pub` the encoded point. Returns NULL when the
/// parts are not a P-256 key; the caller frees the key.
static inline EVP_PKEY *pk_p256_key(
    const unsigned char *priv, size_t priv_length, const unsigned char *pub, size_t pub_length) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    BIGNUM *scalar = NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY *key = NULL;
    int ready = context != NULL && builder != NULL
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0)
        && OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, pub, pub_length);
    if (ready && priv != NULL) {
        scalar = BN_bin2bn(priv, (int)priv_length, NULL);
        ready = scalar != NULL && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, scalar);
    }
    if (ready) {
        params = OSSL_PARAM_BLD_to_param(builder);
        ready = params != NULL && EVP_PKEY_fromdata_init(context) == 1;
    }
    if (ready && EVP_PKEY_fromdata(context, &key, priv != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) != 1) {
        key = NULL;
    }
    OSSL_PARAM_free(params);
    BN_clear_free(scalar);
    OSSL_PARAM_BLD_free(builder);
    EVP_PKEY_CTX_free(context);
    return key;
}

/// The raw parts of an elliptic-curve key: its scalar as 32 big-endian bytes into `priv` (when not
/// NULL) and its encoded point into `pub` (up to `pub_capacity` bytes, the length in `pub_length`).
/// Returns 1, or 0 when a part cannot be read.
static inline int pk_ec_key_parts(
    const EVP_PKEY *key, unsigned char *priv, unsigned char *pub, size_t pub_capacity, size_t *pub_length) {
    if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, pub, pub_capacity, pub_length) != 1) {
        return 0;
    }
    if (priv == NULL) {
        return 1;
    }
    BIGNUM *scalar = NULL;
    if (EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) != 1) {
        return 0;
    }
    int written = BN_bn2binpad(scalar, priv, 32);
    BN_clear_free(scalar);
    return written == 32;
}

#endif
