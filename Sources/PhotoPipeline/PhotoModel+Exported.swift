/// The pipeline's values (options, errors, metadata, the estimate, the prepared photo)
/// live in `PhotoModel` so that the server can use them without linking the codecs; the
/// pipeline's users see them as part of the pipeline.
@_exported public import PhotoModel
