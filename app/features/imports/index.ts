export { default as ImportBooks, type ImportBooksProps } from "./import-books";
