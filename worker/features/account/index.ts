export { accountApi } from "./api";
export { runDataExportJob } from "./data-download";
export { emailLookupQuery, findUserByEmail } from "./profiles";
export { usersApi } from "./users-api";
