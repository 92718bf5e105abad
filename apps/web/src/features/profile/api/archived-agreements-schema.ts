// The schema of GET /archived-agreements, a chunk of its own loaded with the request, so that the
// profile route does not carry the sponsorship schemas it builds on (docs/decisions/006-bundle-budget.md).
export { ZListArchivedAgreementsResponse } from '@sp/shared';
