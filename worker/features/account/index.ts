export { runDataExportJob } from "./data-download";
export { setMemberLanguage } from "./member-language";
export { emailLookupQuery, findUserByEmail } from "./profiles";
export { dismissStartSteps, type StartSteps, startStepsFor } from "./start-steps";
