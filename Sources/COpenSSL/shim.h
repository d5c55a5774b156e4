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
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/objects.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

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

/// A new P-256 key pair, or NULL; the caller frees it.
static inline EVP_PKEY *pk_p256_generate(void) {
    return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
}

/// Adds the extension `name` = `value` (OpenSSL's configuration syntax) to `cert` in `context`.
static inline int pk_add_conf_extension(X509 *cert, X509V3_CTX *context, int nid, const char *value) {
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, context, nid, value);
    if (extension == NULL) {
        return 0;
    }
    int added = X509_add_ext(cert, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

/// A version 3 certificate for `subject_key` named CN=`subject_cn`, O=`organization`, C=US, issued
/// by `issuer` (NULL: self-issued) and signed with `signing_key` using ECDSA with SHA-256. It carries
/// basicConstraints (CA with path length `path_length` when `is_ca`, -1 for none; else not a CA),
/// keyUsage (certificate and CRL signing for a CA, digital signature otherwise), both critical, the
/// subject and authority key identifiers and, when `marker_oid` is not NULL, a non-critical extension
/// of that OID whose value is DER NULL. Times are seconds since 1970. Returns NULL on failure; the
/// caller frees the certificate.
static inline X509 *pk_make_certificate(
    const char *subject_cn, const char *organization, X509 *issuer, uint64_t serial,
    int64_t not_before, int64_t not_after, EVP_PKEY *subject_key, EVP_PKEY *signing_key,
    int is_ca, int path_length, const char *marker_oid) {
    X509 *cert = X509_new();
    X509_NAME *name = X509_NAME_new();
    ASN1_OBJECT *marker = NULL;
    ASN1_OCTET_STRING *marker_value = NULL;
    X509_EXTENSION *marker_extension = NULL;
    static const unsigned char der_null[2] = {0x05, 0x00};
    int ok = cert != NULL && name != NULL && X509_set_version(cert, X509_VERSION_3)
        && ASN1_INTEGER_set_uint64(X509_get_serialNumber(cert), serial)
        && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)subject_cn, -1, -1, 0)
        && X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, (const unsigned char *)organization, -1, -1, 0)
        && X509_NAME_add_entry_by_txt(name, "C", MBSTRING_ASC, (const unsigned char *)"US", -1, -1, 0)
        && X509_set_subject_name(cert, name)
        && X509_set_issuer_name(cert, issuer != NULL ? X509_get_subject_name(issuer) : name)
        && ASN1_TIME_set(X509_getm_notBefore(cert), (time_t)not_before) != NULL
        && ASN1_TIME_set(X509_getm_notAfter(cert), (time_t)not_after) != NULL
        && X509_set_pubkey(cert, subject_key);
    if (ok) {
        X509V3_CTX context;
        X509V3_set_ctx(&context, issuer != NULL ? issuer : cert, cert, NULL, NULL, 0);
        char constraints[48];
        if (is_ca && path_length >= 0) {
            snprintf(constraints, sizeof constraints, "critical,CA:TRUE,pathlen:%d", path_length);
        } else {
            snprintf(constraints, sizeof constraints, "%s", is_ca ? "critical,CA:TRUE" : "critical,CA:FALSE");
        }
        ok = pk_add_conf_extension(cert, &context, NID_basic_constraints, constraints)
            && pk_add_conf_extension(
                cert, &context, NID_key_usage, is_ca ? "critical,keyCertSign,cRLSign" : "critical,digitalSignature")
            && pk_add_conf_extension(cert, &context, NID_subject_key_identifier, "hash")
            && pk_add_conf_extension(cert, &context, NID_authority_key_identifier, "keyid:always");
    }
    if (ok && marker_oid != NULL) {
        marker = OBJ_txt2obj(marker_oid, 1);
        marker_value = ASN1_OCTET_STRING_new();
        ok = marker != NULL && marker_value != NULL && ASN1_OCTET_STRING_set(marker_value, der_null, 2)
            && (marker_extension = X509_EXTENSION_create_by_OBJ(NULL, marker, 0, marker_value)) != NULL
            && X509_add_ext(cert, marker_extension, -1);
    }
    if (ok) {
        ok = X509_sign(cert, signing_key, EVP_sha256()) > 0;
    }
    X509_EXTENSION_free(marker_extension);
    ASN1_OCTET_STRING_free(marker_value);
    ASN1_OBJECT_free(marker);
    X509_NAME_free(name);
    if (!ok) {
        X509_free(cert);
        return NULL;
    }
    return cert;
}

/// Whether `cert` carries an extension with the dotted OID `oid`: 1, 0, or -1 when the OID is invalid.
static inline int pk_has_extension(const X509 *cert, const char *oid) {
    ASN1_OBJECT *object = OBJ_txt2obj(oid, 1);
    if (object == NULL) {
        return -1;
    }
    int found = X509_get_ext_by_OBJ(cert, object, -1) >= 0;
    ASN1_OBJECT_free(object);
    return found;
}

/// Seconds since 1970 of an ASN.1 time into `seconds`; returns 1, or 0 when it cannot be read.
static inline int pk_time_seconds(const ASN1_TIME *time, int64_t *seconds) {
    struct tm parts;
    memset(&parts, 0, sizeof parts);
    if (time == NULL || ASN1_TIME_to_tm(time, &parts) != 1) {
        return 0;
    }
    *seconds = (int64_t)timegm(&parts);
    return 1;
}

/// The validity window of `cert` into `not_before` and `not_after` (seconds since 1970); returns 1 or 0.
static inline int pk_certificate_validity(const X509 *cert, int64_t *not_before, int64_t *not_after) {
    return pk_time_seconds(X509_get0_notBefore(cert), not_before)
        && pk_time_seconds(X509_get0_notAfter(cert), not_after);
}

/// `name` as RFC 2253 text into `buffer` (NUL-terminated, cut at `capacity`); returns its length or -1.
static inline int pk_name_text(const X509_NAME *name, char *buffer, int capacity) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio == NULL || capacity < 1) {
        BIO_free(bio);
        return -1;
    }
    int length = -1;
    if (X509_NAME_print_ex(bio, name, 0, XN_FLAG_RFC2253) >= 0) {
        length = BIO_read(bio, buffer, capacity - 1);
        if (length < 0) {
            length = 0;
        }
        buffer[length] = 0;
    }
    BIO_free(bio);
    return length;
}

/// The subject (`which` 0) or issuer (1) of `cert` as RFC 2253 text; see pk_name_text.
static inline int pk_certificate_name(const X509 *cert, int which, char *buffer, int capacity) {
    return pk_name_text(which == 0 ? X509_get_subject_name(cert) : X509_get_issuer_name(cert), buffer, capacity);
}

/// The serial number of `cert` as big-endian bytes into `buffer`; returns the length, or -1.
static inline int pk_certificate_serial(const X509 *cert, unsigned char *buffer, int capacity) {
    BIGNUM *number = ASN1_INTEGER_to_BN(X509_get0_serialNumber(cert), NULL);
    if (number == NULL || BN_num_bytes(number) > capacity) {
        BN_free(number);
        return -1;
    }
    int length = BN_bn2bin(number, buffer);
    BN_free(number);
    return length;
}

/// Verifies `leaf` through `intermediate` (the only untrusted certificate) to a certificate of
/// `store` at `at_time` (seconds since 1970) with X509_verify_cert, no purpose and no partial chains.
/// Returns X509_V_OK (0) or libcrypto's verification error; -1 when the check could not be set up.
/// On success `chain_length` is the verified chain's length and `not_before`/`not_after` the part of
/// time in which every certificate of it is valid.
static inline int pk_verify_chain(
    X509_STORE *store, X509 *leaf, X509 *intermediate, int64_t at_time,
    int *chain_length, int64_t *not_before, int64_t *not_after) {
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    STACK_OF(X509) *untrusted = sk_X509_new_null();
    int result = -1;
    if (context != NULL && untrusted != NULL && sk_X509_push(untrusted, intermediate) > 0
        && X509_STORE_CTX_init(context, store, leaf, untrusted) == 1) {
        X509_STORE_CTX_set_time(context, 0, (time_t)at_time);
        if (X509_verify_cert(context) == 1) {
            STACK_OF(X509) *chain = X509_STORE_CTX_get0_chain(context);
            int count = sk_X509_num(chain);
            int64_t from = INT64_MIN, to = INT64_MAX;
            result = X509_V_OK;
            for (int index = 0; index < count; index++) {
                int64_t start = 0, end = 0;
                if (!pk_certificate_validity(sk_X509_value(chain, index), &start, &end)) {
                    result = -1;
                    break;
                }
                if (start > from) from = start;
                if (end < to) to = end;
            }
            *chain_length = count;
            *not_before = from;
            *not_after = to;
        } else {
            result = X509_STORE_CTX_get_error(context);
            if (result == X509_V_OK) result = -1;
        }
    }
    sk_X509_free(untrusted);
    X509_STORE_CTX_free(context);
    ERR_clear_error();
    return result;
}

/// SHA-256 as libcrypto's provider gives it, fetched once (a fetch per digest costs a lookup and locks).
static inline const EVP_MD *pk_sha256(void) {
    static EVP_MD *fetched = NULL;
    EVP_MD *md = __atomic_load_n(&fetched, __ATOMIC_ACQUIRE);
    if (md == NULL) {
        EVP_MD *made = EVP_MD_fetch(NULL, "SHA256", NULL);
        EVP_MD *expected = NULL;
        if (made != NULL && !__atomic_compare_exchange_n(&fetched, &expected, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            EVP_MD_free(made);
            made = expected;
        }
        md = made;
    }
    return md;
}

/// A context ready to verify signatures with `key` (EVP_PKEY_verify_init done once), to copy with
/// EVP_PKEY_CTX_dup for each verification; NULL on failure. The caller frees it.
static inline EVP_PKEY_CTX *pk_verify_template(EVP_PKEY *key) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    if (context == NULL || EVP_PKEY_verify_init(context) != 1) {
        EVP_PKEY_CTX_free(context);
        return NULL;
    }
    return context;
}

/// Whether the DER ECDSA signature `sig` signs SHA-256 of `message`, verified with a copy of
/// `template` (pk_verify_template): 1 valid, 0 not valid or not checkable.
static inline int pk_verify_sha256(
    const EVP_PKEY_CTX *template, const unsigned char *message, size_t message_length,
    const unsigned char *sig, size_t sig_length) {
    unsigned char digest[32];
    unsigned int digest_length = 0;
    const EVP_MD *md = pk_sha256();
    if (md == NULL || EVP_Digest(message, message_length, digest, &digest_length, md, NULL) != 1) {
        return 0;
    }
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_dup((EVP_PKEY_CTX *)template);
    if (context == NULL) {
        return 0;
    }
    int result = EVP_PKEY_verify(context, sig, sig_length, digest, digest_length);
    EVP_PKEY_CTX_free(context);
    ERR_clear_error();
    return result == 1;
}

#endif
