export { unavailableAs503 } from "./api";
export { handleCoverAnalysisBatch } from "./consumer";
export { findBookMetadata, type LookupSettings, lookupSettingsFrom, MetadataUnavailableError, searchBookMetadata } from "./metadata/lookup";
export { copyMetadataCover, metadataMirrorOrigins } from "./metadata-cover-copy";
export { METADATA_UNAVAILABLE, ServiceUnavailableError } from "./metadata-search";
export { type CoverAnalysisMessage, queueIsbnLookup } from "./queue-message";
