export { runDataExportJob } from "./data-download";
export { emailLookupQuery, findUserByEmail } from "./profiles";
