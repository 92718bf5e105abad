import { describe, expect, it } from 'vitest';
import { SPONSORSHIP_STATUSES } from '@sp/shared';
import { eventPageSearch, SPONSORSHIP_STATUS_ORDER } from './event-page-search';

describe('eventPageSearch', () => {
  it('knows every sponsorship status, in the order of the way through', () => {
    expect([...SPONSORSHIP_STATUS_ORDER]).toEqual([...SPONSORSHIP_STATUSES]);
  });

  it("reads the fulfilment card's and the sponsor list's filters side by side, dropping invalid ones", () => {
    expect(
      eventPageSearch({
        status: 'done',
        sponsor: 'bank',
        sponsorship_status: 'signed',
        sponsorship_search: 'brauerei',
      }),
    ).toEqual({ status: 'done', sponsor: 'bank', sponsorship_status: 'signed', sponsorship_search: 'brauerei' });
    expect(eventPageSearch({ sponsorship_status: 'paid', status: 'signed' })).toEqual({});
  });
});
