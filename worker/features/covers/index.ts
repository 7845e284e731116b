export { unavailableAs503 } from "./api";
export { handleCoverAnalysisBatch } from "./consumer";
export { copyMetadataCover } from "./metadata-cover-copy";
export { METADATA_UNAVAILABLE, ServiceUnavailableError } from "./metadata-search";
export { MetadataUnavailableError, findBookMetadata, lookupSettingsFrom, searchBookMetadata, type LookupSettings } from "./metadata/lookup";
export type { CoverAnalysisMessage } from "./queue-message";
