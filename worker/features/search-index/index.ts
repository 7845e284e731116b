/** The search-text backfill: fills books' and clubs' search columns for rows written before migration 0027. */
export { REINDEX_BATCH, type ReindexTable, reindexBatch, runSearchReindex, startSearchReindex } from "./reindex";
