import { describe, expect, it } from 'vitest';
import { shipmentCell } from './readiness.ts';

const at = new Date('2026-05-01T10:00:00Z');
const parcel = (expectedDate: string | null, receivedAt: Date | null, parcelCount = 1) => ({
  expectedDate,
  receivedAt,
  parcelCount,
});

describe('shipmentCell', () => {
  const today = '2026-05-10';
  it('has no cell while nothing is announced (nobody is chased for parcels they need not send)', () => {
    expect(shipmentCell([], today)).toBeNull();
  });
  it('is done when every announced parcel was received', () => {
    const cell = shipmentCell([parcel('2026-05-01', at, 2), parcel(null, at)], today);
    expect(cell).toEqual({ state: 'done', label: '3/3', due: null });
  });
  it('waits for us while an announced parcel is expected today or later', () => {
    const cell = shipmentCell([parcel('2026-05-10', null, 2), parcel('2026-05-01', at)], today);
    expect(cell).toEqual({ state: 'waiting_us', label: '1/3', due: '2026-05-10' });
  });
  it('waits for us when no date was given', () => {
    expect(shipmentCell([parcel(null, null)], today)!).toMatchObject({ state: 'waiting_us', due: null });
  });
  it('is overdue once an expected date passed without receipt', () => {
    const cell = shipmentCell([parcel('2026-05-12', null), parcel('2026-05-09', null)], today);
    expect(cell).toEqual({ state: 'overdue', label: '0/2', due: '2026-05-09' });
  });
});
