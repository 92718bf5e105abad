// The boards' lean wire (decision 096): rows as columns of equal length, each distinct cell once in
// a list and a row's cells as indices into it. 200 sponsorships x 13 columns share a few dozen
// distinct cells, so the answer is a tenth of rows of objects, and cheaper to build and to parse.
import { READINESS_STATES, type ReadinessBoardResponse } from '@sp/shared';
import type { ReadinessCell } from './providers.ts';

type CellWire = ReadinessBoardResponse['cells'][number];
type RowsWire = ReadinessBoardResponse['rows'];

const STATE_CODE = new Map(READINESS_STATES.map((s, i) => [s, i]));

/** The distinct cells of a board, each once; `ref` answers a cell's index (-1 for none). */
export function createCellDictionary() {
  const cells: CellWire[] = [];
  const index = new Map<string, number>();
  return {
    cells,
    ref(cell: ReadinessCell | undefined): number {
      if (!cell) return -1;
      const wire: CellWire = [STATE_CODE.get(cell.state)!, cell.label, cell.due ?? null, cell.assignee ?? null];
      const key = JSON.stringify(wire);
      let i = index.get(key);
      if (i === undefined) {
        i = cells.length;
        cells.push(wire);
        index.set(key, i);
      }
      return i;
    },
  };
}

export type BoardRow = {
  id: number;
  sponsorEmail: string;
  sponsorName: string | null;
  sponsorLanguage: 'de' | 'en' | null;
  packageId: number | null;
  packageName: string | null;
  status: string;
};

export type LastNotice = { status: 'queued' | 'sending' | 'sent' | 'failed'; createdAt: Date; sentAt: Date | null };

/** The rows' columns and the packages they name, with `cellsOf` giving a row's cell refs. */
export function encodeRows<Row extends BoardRow>(
  rows: readonly Row[],
  lastNotice: ReadonlyMap<number, LastNotice>,
  cellsOf: (row: Row) => number[],
): { rows: RowsWire; packages: ReadinessBoardResponse['packages'] } {
  const packages = new Map<number, string>();
  const wire: RowsWire = {
    sponsorship_id: [],
    sponsor_email: [],
    sponsor_name: [],
    sponsor_language: [],
    package_id: [],
    status: [],
    last_notice: [],
    cells: [],
  };
  for (const row of rows) {
    if (row.packageId !== null) packages.set(row.packageId, row.packageName ?? '');
    const notice = lastNotice.get(row.id);
    wire.sponsorship_id.push(row.id);
    wire.sponsor_email.push(row.sponsorEmail);
    wire.sponsor_name.push(row.sponsorName);
    wire.sponsor_language.push(row.sponsorLanguage);
    wire.package_id.push(row.packageId);
    wire.status.push(row.status);
    wire.last_notice.push(
      notice ? [notice.status, notice.createdAt.toISOString(), notice.sentAt?.toISOString() ?? null] : null,
    );
    wire.cells.push(cellsOf(row));
  }
  return { rows: wire, packages: [...packages].map(([id, name]) => ({ id, name })) };
}
