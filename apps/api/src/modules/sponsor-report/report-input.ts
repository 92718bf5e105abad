// What a sponsor report is made from: plain data gathered from the modules that own each fact
// (gather.ts), so the renderer is a pure function of it and runs on the worker pool.
export type ReportLanguage = 'de' | 'en';

export type DeliverableStatus = 'open' | 'in_progress' | 'done' | 'waived';

/** One photo (or screenshot) of a deliverable's evidence: JPEG or PNG bytes, already checked on upload. */
export type EvidenceImage = { bytes: Uint8Array; caption: string | null; takenAt: string | null };

export type ReportDeliverable = {
  id: number;
  title: string;
  status: DeliverableStatus;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  /** When it was marked done (ISO time), null when not done. */
  doneAt: string | null;
  evidence: EvidenceImage[];
};

export type ReportInvoice = {
  number: string;
  kind: 'invoice' | 'cancellation';
  status: 'issued' | 'paid' | 'cancelled';
  invoiceDate: string | null;
  grossCents: number;
  paidCents: number;
};

export type ReportInput = {
  language: ReportLanguage;
  sponsorshipId: number;
  organisation: string;
  sponsor: { name: string; email: string };
  event: { title: string; date: string; location: string };
  packageName: string | null;
  amountCents: number | null;
  deliverables: ReportDeliverable[];
  wall: {
    from: string | null;
    to: string | null;
    impressions: number;
    clicks: number;
    page: { impressions: number; clicks: number };
    embed: { impressions: number; clicks: number };
  };
  tickets: { seats: number; named: number; checkedIn: number };
  agreement:
    | { kind: 'sealed'; sha256: string; completedAt: string }
    | { kind: 'uploaded'; fileName: string | null }
    | { kind: 'none' };
  invoices: ReportInvoice[];
  /** Where the verification page is (public URL + /verify-agreement/). */
  verifyUrl: string;
};
