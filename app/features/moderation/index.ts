export { ReportButton, ReportDialog } from "./report-dialog";
