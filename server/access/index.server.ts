// The private-page access API for the rest of the server (admin rotation, booking checks).
export { AccessCodeError, MAX_CODE_LENGTH } from "./codes.server";
export { demoAccessCodeRefused, isPrivatePageKey, PRIVATE_PAGE_KEYS, PRIVATE_PAGES, type PrivatePageKey } from "./pages.server";
export { listPrivatePages, setAccessCodes, syncAccessCodes, type PrivatePageSummary } from "./store.server";
export { admittedFromWaitlist, isUnlocked } from "./unlock.server";
