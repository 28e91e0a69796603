// The private-page access API for the rest of the server (admin rotation, booking checks).
export { AccessCodeError } from "./codes.server";
export { demoAccessCodeRefused, isPrivatePageKey, type PrivatePageKey } from "./pages.server";
export { listPrivatePages, setAccessCodes } from "./store.server";
