// Who is named as the author of an entry in a sponsorship's logs (its history, its deliverables'
// activity and comments). The organisation's entries are stored with the team member's address; the
// sponsor is not given its partners' staff addresses and sees the organisation's name instead, as in
// the chat. The sponsor's entries carry the sponsor's own address, which the organisation knows.
export type SponsorshipSide = 'organisation' | 'sponsor';

export const authorFor = (
  viewer: SponsorshipSide,
  entry: { side: string; actor: string },
  organisationName: string,
): string => (viewer === 'sponsor' && entry.side === 'organisation' ? organisationName : entry.actor);
