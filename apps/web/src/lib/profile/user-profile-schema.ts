// The schema of GET /user-profile/{sub}, a chunk of its own: loaded with the first profile request,
// that is once someone is signed in, so that signed-out pages such as the login page carry no zod
// (docs/decisions/006-bundle-budget.md).
export { ZGetUserProfileResponse } from '@sp/shared';
