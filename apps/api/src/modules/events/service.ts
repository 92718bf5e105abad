// Event rules: organisers list, read, create and change their own organisation's events; an event's
// files are replaced by the list it is saved with (only uploads verified for that event), and the
// blobs of files dropped from the list are deleted once the save has committed.
import {
  NO_SPONSORSHIP_FIGURES,
  type EventDeletionPreview,
  type EventWire,
  type SponsorshipFigures,
  type ZSaveEventRequest,
} from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { z } from 'zod';
import type { FilesService } from '../files/index.ts';
import type { SponsorshipFiguresReader } from '../sponsorships/index.ts';
import type { Caller, EventAccess } from '../access/index.ts';
import type { EventLifecycleRepository } from './lifecycle-repository.ts';
import type { AttachedFile, EventRecord, EventsPage, EventsRepository } from './repository.ts';

type SaveEvent = z.output<typeof ZSaveEventRequest>;

// The event's figures come from the sponsorships module's one definition of each (docs/glossary.md).
function toEventWire(event: EventRecord, files: AttachedFile[], figures: SponsorshipFigures): EventWire {
  return {
    id: event.id,
    organisation_id: event.organisationId,
    title: event.title,
    event_date: event.eventDate,
    location: event.location,
    description: event.description,
    created_at: event.createdAt.toISOString(),
    files: files.map((f) => ({ s3_id: f.s3Id, name: f.name, key: f.key })),
    sponsor_amount: figures.sponsor_amount,
    committed_cents: figures.committed_cents,
    in_negotiation_cents: figures.in_negotiation_cents,
    open_sponsorships: figures.open_sponsorships,
    archived_at: event.archivedAt?.toISOString() ?? null,
  };
}

const toInput = (body: SaveEvent) => ({
  title: body.title,
  eventDate: body.event_date,
  location: body.location,
  description: body.description,
});

/** The tables an event's answer (its row, files and sponsorship figures) is made from. */
const EVENT_READS = ['events', 'event_files', 'sponsorships', 'packages', 'sponsorship_choices'] as const;

export function createEventsService(deps: {
  repo: EventsRepository;
  lifecycle: EventLifecycleRepository;
  access: EventAccess;
  files: Pick<FilesService, 'prepareAttachment' | 'deleteBlobs'>;
  figures: SponsorshipFiguresReader;
  clock?: () => Date;
}) {
  const { repo, lifecycle, access, files, figures } = deps;
  const now = deps.clock ?? (() => new Date());

  const toWire = async (events: EventRecord[]): Promise<EventWire[]> => {
    const ids = events.map((e) => e.id);
    const [filesByEvent, figuresByEvent] = await Promise.all([repo.attachedFiles(ids), figures.ofEvents(ids)]);
    return events.map((e) =>
      toEventWire(e, filesByEvent.get(e.id) ?? [], figuresByEvent.get(e.id) ?? NO_SPONSORSHIP_FIGURES),
    );
  };
  const one = async (event: EventRecord) => (await toWire([event]))[0]!;

  return {
    /**
     * GET /events/{organisationId} for the read cache: after the access check, the page's cache key,
     * the tables its load reads (read-cache/index.ts) and the load.
     */
    async listing(caller: Caller, organisationId: number, page: EventsPage) {
      await access.assertOrganiserOf(caller, organisationId);
      const after = page.after ? `${page.after.eventDate},${page.after.id}` : '';
      return {
        key: `events:${organisationId}:${page.limit}:${page.offset}:${after}:${page.archived ? 'archived' : 'active'}`,
        reads: EVENT_READS,
        load: async () => {
          const { events, total } = await repo.listEvents(organisationId, page);
          return { body: await toWire(events), headers: { 'x-total-count': String(total) } };
        },
      };
    },

    /** GET /event/{id} for the read cache. */
    async reading(caller: Caller, id: number) {
      const event = await access.organiserEvent(caller, id);
      return {
        key: `event:${event.id}`,
        reads: EVENT_READS,
        // The event read again by the load: the access check's row may be older than the cache's mark.
        load: async () => {
          const current = await access.findEvent(event.id);
          if (!current || current.organisationId !== event.organisationId)
            throw fail('event.not-found', 'Event not found');
          return { body: await one(current) };
        },
      };
    },

    /** POST /event/-1: the event belongs to the caller's organisation, whatever the body says. */
    async create(caller: Caller, body: SaveEvent): Promise<EventWire> {
      const organisationId = await access.organiserOrganisation(caller);
      // Files are uploaded for an existing event, so a new one cannot list any yet (spec section 4).
      await files.prepareAttachment(organisationId, null, body.files);
      return one(await repo.createEvent(organisationId, toInput(body), caller.sub, now()));
    },

    async update(caller: Caller, id: number, body: SaveEvent): Promise<EventWire> {
      const event = await access.organiserEvent(caller, id);
      const fileIds = await files.prepareAttachment(event.organisationId, event.id, body.files);
      const { removedKeys } = await repo.updateEvent(event.id, toInput(body), fileIds, now());
      await files.deleteBlobs(removedKeys);
      const saved = await repo.findEvent(event.id);
      return one(saved ?? event);
    },

    /** POST /event/{id}/archive and /unarchive: undoable, so archiving twice keeps the first time. */
    async setArchived(caller: Caller, id: number, archived: boolean): Promise<EventWire> {
      const event = await access.organiserEvent(caller, id);
      if (archived !== (event.archivedAt !== null)) {
        await lifecycle.setArchived(event.id, archived ? now() : null, now());
      }
      return one((await repo.findEvent(event.id)) ?? event);
    },

    /** GET /event/{id}/deletion: what deleting removes (the confirmation names it). */
    async deletionPreview(caller: Caller, id: number): Promise<EventDeletionPreview> {
      const event = await access.organiserEvent(caller, id);
      const facts = await lifecycle.deletionFacts(event.id);
      return {
        id: event.id,
        title: event.title,
        deletable: facts.blockingSponsorships === 0,
        invitations: facts.invitations,
        packages: facts.packages,
        files: facts.files,
        blocking_sponsorships: facts.blockingSponsorships,
      };
    },

    /** DELETE /event/{id}: final; refused (409) once a sponsorship is past `invited`. */
    async delete(caller: Caller, id: number): Promise<void> {
      const event = await access.organiserEvent(caller, id);
      const keys = await lifecycle.deleteEvent(event.id);
      if (keys === null) {
        throw fail('event.has-sponsorships', 'A sponsorship of this event is past invited: archive it instead');
      }
      await files.deleteBlobs(keys);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
