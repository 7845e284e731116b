export { runDataExportJob } from "./data-download";
export { emailLookupQuery, findUserByEmail } from "./profiles";
export { setMemberLanguage } from "./member-language";
