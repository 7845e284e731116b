export { handleImportBatch } from "./import-batches";
export { findRunningImport, IMPORT_QUEUE_NAME, type ImportMessage, importsDeletionPart } from "./imports";
