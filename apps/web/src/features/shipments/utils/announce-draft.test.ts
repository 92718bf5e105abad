import { describe, expect, it } from 'vitest';
import { checkDraft } from './announce-draft';

const TODAY = '2030-06-01';
const good = { carrier: ' DHL ', tracking: ' 0034 ', parcels: '2', expected: '2030-06-10' };

describe('checkDraft', () => {
  it('gives the request body of a good draft, trimmed, an empty date as null', () => {
    expect(checkDraft(good, TODAY).body).toEqual({
      carrier: 'DHL',
      tracking: '0034',
      parcel_count: 2,
      expected_date: '2030-06-10',
    });
    expect(checkDraft({ ...good, expected: '' }, TODAY).body?.expected_date).toBeNull();
  });

  it('names every refused field with its own message', () => {
    const { body, problems } = checkDraft(
      { carrier: ' ', tracking: '', parcels: '1.5', expected: '2030-05-31' },
      TODAY,
    );
    expect(body).toBeNull();
    expect(problems).toEqual({
      carrier: 'shipments.form.errors.carrier',
      tracking: 'shipments.form.errors.tracking',
      parcels: 'shipments.form.errors.parcels',
      expected: 'shipments.form.errors.past',
    });
    expect(checkDraft({ ...good, parcels: '100' }, TODAY).problems.parcels).toBe('shipments.form.errors.parcels');
    expect(checkDraft({ ...good, parcels: '0' }, TODAY).problems.parcels).toBe('shipments.form.errors.parcels');
    expect(checkDraft({ ...good, carrier: 'x'.repeat(101) }, TODAY).problems.carrier).toBe(
      'shipments.form.errors.tooLong',
    );
  });
});
