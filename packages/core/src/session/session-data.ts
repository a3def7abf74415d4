// Kept only for features/organization/active-state.ts, which is being reworked on another branch:
// once it imports reissueSessionCookies from session-cookies.ts, this file goes.
export { reissueSessionCookies } from './session-cookies.ts';
