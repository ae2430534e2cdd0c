#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/*
 * Typed wrappers for libcurl's variadic setters and getters, which Swift cannot call.
 *
 * libcurl reads each option's argument with va_arg as one exact C type; passing any
 * other type compiles silently and is undefined behaviour. So there is one wrapper per
 * argument type, and the Swift caller picks the one the option's documentation names:
 * `long` for numeric options, `curl_off_t` for `*_LARGE` ones, `char *` for strings,
 * `void *` for data pointers, and the exact function-pointer type for callbacks.
 * Only CurlHTTPClient imports this module.
 */

/// For numeric options (`CURLOPTTYPE_LONG`): libcurl reads a `long`.
static inline CURLcode ccurl_easy_setopt_long(CURL *_Nonnull handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// For `*_LARGE` options (`CURLOPTTYPE_OFF_T`): libcurl reads a `curl_off_t`.
static inline CURLcode ccurl_easy_setopt_offset(CURL *_Nonnull handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// For string options (`CURLOPTTYPE_STRINGPOINT`): libcurl reads a `char *` and copies it.
static inline CURLcode ccurl_easy_setopt_string(CURL *_Nonnull handle, CURLoption option, const char *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

/// For data pointers (`CURLOPTTYPE_OBJECTPOINT`/`CBPOINT`: callback contexts, the error
/// buffer, `POSTFIELDS`): libcurl reads a `void *` and keeps it without copying.
static inline CURLcode ccurl_easy_setopt_pointer(CURL *_Nonnull handle, CURLoption option, void *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

/// For header lists (`CURLOPTTYPE_SLISTPOINT`): libcurl reads a `struct curl_slist *`.
static inline CURLcode ccurl_easy_setopt_slist(CURL *_Nonnull handle, CURLoption option, struct curl_slist *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

/// For `CURLOPT_WRITEFUNCTION` and `CURLOPT_HEADERFUNCTION`.
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *_Nonnull handle, CURLoption option, curl_write_callback _Nullable callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// For `CURLOPT_READFUNCTION` (streamed uploads).
static inline CURLcode ccurl_easy_setopt_read_callback(CURL *_Nonnull handle, CURLoption option, curl_read_callback _Nullable callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// For `CURLOPT_SEEKFUNCTION`: lets libcurl rewind an upload to resend it (a reused
/// connection that turned out dead, a 307/308 redirect).
static inline CURLcode ccurl_easy_setopt_seek_callback(CURL *_Nonnull handle, CURLoption option, curl_seek_callback _Nullable callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// For `CURLOPT_OPENSOCKETFUNCTION`: the hook where the resolved address is checked
/// right before connecting, so DNS rebinding cannot slip past an address policy.
static inline CURLcode ccurl_easy_setopt_opensocket_callback(CURL *_Nonnull handle, CURLoption option, curl_opensocket_callback _Nullable callback) {
    return curl_easy_setopt(handle, option, callback);
}

/// For `CURLINFO_LONG` items: libcurl writes a `long`.
static inline CURLcode ccurl_easy_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

/// For `CURLINFO_STRING` items: libcurl writes a `char *` it owns (valid until cleanup).
static inline CURLcode ccurl_easy_getinfo_string(CURL *_Nonnull handle, CURLINFO info, char *_Nullable *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

/// For `CURLINFO_OFF_T` items: libcurl writes a `curl_off_t`.
static inline CURLcode ccurl_easy_getinfo_offset(CURL *_Nonnull handle, CURLINFO info, curl_off_t *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

/// For numeric multi options (`CURLMOPT_MAXCONNECTS`, `CURLMOPT_MAX_HOST_CONNECTIONS`, …).
static inline CURLMcode ccurl_multi_setopt_long(CURLM *_Nonnull multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
