export { handleImportBatch } from "./import-batches";
export { IMPORT_QUEUE_NAME, findRunningImport, importsDeletionPart, type ImportMessage } from "./imports";
