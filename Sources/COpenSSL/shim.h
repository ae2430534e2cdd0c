#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

/*
 * OpenSSL 3.0's libcrypto (Debian 12: libssl-dev to build, libssl3 at run time), for the
 * P256 wrapper target only: key generation, ECDSA over P-256 with SHA-256, key encodings,
 * and for Web Push ECDH, HKDF-SHA256 and AES-128-GCM.
 *
 * Asking for the 3.0 API level hides every declaration deprecated in 3.0 (EC_KEY, ECDSA_sign
 * and friends), so the wrapper can only reach the EVP interface that OpenSSL maintains.
 * Everything used is a plain function; no shims are needed (the variadic
 * EVP_PKEY_Q_keygen macro is avoided by generating through an EVP_PKEY_CTX).
 */
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#endif
