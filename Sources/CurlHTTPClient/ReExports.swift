/// `HTTPHeaders` is part of this module's API (requests and responses carry it), so
/// whoever imports the module gets the type with it.
@_exported import HTTPFields
