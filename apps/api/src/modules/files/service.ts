// File rules: upload URLs are issued to organisers for an existing event of their organisation, under
// a key the server makes; only PDFs (by their first bytes) within the size limit are kept; an event
// lists only uploads verified for it; downloads go through mayDownloadEventFile; blobs of removed
// files and deleted organisations are deleted from the store.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '@sp/shared';
import { PDF_MIME_TYPE, type CreateUploadResponse, type EventFile } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import { BlobRejectedError, type BlobStore } from '../../ports/blobs/index.ts';
import { contentDisposition, keySlug, sanitiseFileName } from './file-names.ts';
import type { FilesRepository, UploadRecord } from './repository.ts';

export const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
/** Lifetime of an upload URL. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Uploads never saved with their event are removed after this long. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

export type Caller = { sub: string; email?: string };

/** A sponsor's guest access: the invitation link's token and address. */
export type GuestCaller = { token: string; email: string };

/** What the files module needs from the events module's access rules (injected, see app.ts). */
export type FileAccess = {
  assertOrganiserOf(caller: Caller, organisationId: number): Promise<void>;
  assertEventOf(organisationId: number, eventId: number): Promise<void>;
  mayDownloadEventFile(caller: Caller, file: DownloadableFile): Promise<boolean>;
  mayGuestDownloadEventFile?(guest: GuestCaller, file: DownloadableFile): Promise<boolean>;
};

/** What download rules look at: the file's event and, for a signed agreement, its sponsorship. */
export type DownloadableFile = { organisationId: number; eventId: number; sponsorshipId: number | null };

/** Told after a file was served (the sponsorships module records that a sponsor took the agreement). */
export type DownloadListener = (
  who: { email: string | undefined; guest: GuestCaller | null },
  file: DownloadableFile,
) => Promise<void>;

/** Reasons a listed file is refused when an event is saved, reported as fields.files. */
export type FileProblem = 'unknown_file' | 'not_uploaded' | 'not_pdf' | 'too_large';

const FILE_PROBLEM_CODES = {
  unknown_file: 'file.unknown',
  not_uploaded: 'file.not-uploaded',
  not_pdf: 'file.not-pdf',
  too_large: 'file.too-large',
} as const satisfies Record<FileProblem, ErrorCode>;

const fileError = (problem: FileProblem) => {
  const messages: Record<FileProblem, string> = {
    unknown_file: 'The file was not uploaded for this event',
    not_uploaded: 'The file has not been uploaded yet',
    not_pdf: 'Only PDF files are accepted',
    too_large: 'The file is too large',
  };
  return fail(FILE_PROBLEM_CODES[problem], messages[problem], { files: problem });
};

export const eventKeyPrefix = (organisationId: number, eventId: number) =>
  `organisations/${organisationId}/events/${eventId}/`;
export const organisationKeyPrefix = (organisationId: number) => `organisations/${organisationId}/`;
export const sponsorshipKeyPrefix = (organisationId: number, eventId: number, sponsorshipId: number) =>
  `${eventKeyPrefix(organisationId, eventId)}sponsorships/${sponsorshipId}/`;

export function createFilesService(deps: {
  repo: FilesRepository;
  store: BlobStore;
  access: FileAccess;
  maxBytes: number;
  log: FastifyBaseLogger;
  clock?: () => Date;
  onDownloaded?: DownloadListener;
}) {
  const { repo, store, access, maxBytes, log } = deps;
  const now = deps.clock ?? (() => new Date());

  const deleteBlobs = async (keys: string[]) => {
    for (const key of keys) {
      try {
        await store.delete(key);
      } catch (error) {
        log.error({ err: error, key }, 'could not delete a blob; it is left orphaned');
      }
    }
  };

  const removeAbandonedUploads = async (organisationId: number) => {
    const abandoned = await repo.listAbandoned(organisationId, new Date(now().getTime() - ABANDONED_UPLOAD_AGE_MS));
    for (const upload of abandoned) {
      await deleteBlobs([upload.key]);
      await repo.deleteUnattached(upload.s3Id);
    }
  };

  /** Checks bytes that reached the store without passing our upload route (S3): size and %PDF- header. */
  const verifyUploadedBlob = async (upload: UploadRecord): Promise<void> => {
    const info = await store.inspect(upload.key, PDF_SIGNATURE.length);
    if (!info) throw fileError('not_uploaded');
    const problem: FileProblem | null =
      info.size > maxBytes ? 'too_large' : !info.head.equals(PDF_SIGNATURE) ? 'not_pdf' : null;
    if (problem) {
      await deleteBlobs([upload.key]);
      throw fileError(problem);
    }
    if (!(await repo.markStored(upload.s3Id, 'pending', info.size, now()))) {
      const current = await repo.findById(upload.s3Id);
      if (current?.status !== 'stored') throw fileError('not_uploaded');
    }
  };

  const serveDownload = async (
    key: string,
    who: { email: string | undefined; guest: GuestCaller | null },
    mayDownload: (upload: UploadRecord) => Promise<boolean>,
  ) => {
    const upload = await repo.findByKey(key);
    if (!upload || upload.status !== 'stored') throw fail('file.not-found', 'File not found');
    if (!(await mayDownload(upload))) throw fail('file.not-found', 'File not found');
    const blob = await store.read(upload.key);
    if (!blob) {
      log.error({ key: upload.key }, 'a stored file is missing from the blob store');
      throw fail('file.not-found', 'File not found');
    }
    try {
      await deps.onDownloaded?.(who, upload);
    } catch (error) {
      // Recording the download is bookkeeping; the sponsor still gets the file.
      log.error({ err: error, key: upload.key }, 'could not record a download');
    }
    return { ...blob, contentDisposition: contentDisposition(upload.name) };
  };

  /** Issues an upload URL under `key` for the record; shared by event files and signed agreements. */
  const issueUpload = async (input: {
    organisationId: number;
    eventId: number;
    sponsorshipId?: number;
    keyPrefix: string;
    fileName: string;
  }): Promise<CreateUploadResponse> => {
    const name = sanitiseFileName(input.fileName, 'pdf');
    const s3Id = randomUUID();
    const key = `${input.keyPrefix}${s3Id}-${keySlug(name)}.pdf`;
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
    await repo.createUpload({
      s3Id,
      eventId: input.eventId,
      organisationId: input.organisationId,
      ...(input.sponsorshipId !== undefined ? { sponsorshipId: input.sponsorshipId } : {}),
      key,
      name,
      createdAt,
      expiresAt,
    });
    const url = await store.createUploadUrl({
      uploadId: s3Id,
      key,
      organisationId: input.organisationId,
      eventId: input.eventId,
      expiresAt,
      ttlSeconds: UPLOAD_URL_TTL_SECONDS,
      contentType: PDF_MIME_TYPE,
    });
    return { url, file: name, key, s3_id: s3Id, expires_at: expiresAt.toISOString(), max_bytes: maxBytes };
  };

  const assertPdfName = (extension: string) => {
    if (extension.trim().replace(/^\./, '').toLowerCase() !== 'pdf') {
      throw fail('upload.not-pdf', 'Only PDF files are accepted');
    }
  };

  return {
    /** GET /file/upload/{organisationId}/{eventId}/{fileName}/{extension} */
    async createUpload(
      caller: Caller,
      input: { organisationId: number; eventId: number; fileName: string; extension: string },
    ): Promise<CreateUploadResponse> {
      await access.assertOrganiserOf(caller, input.organisationId);
      assertPdfName(input.extension);
      await access.assertEventOf(input.organisationId, input.eventId);
      await removeAbandonedUploads(input.organisationId);
      return issueUpload({
        organisationId: input.organisationId,
        eventId: input.eventId,
        keyPrefix: eventKeyPrefix(input.organisationId, input.eventId),
        fileName: input.fileName,
      });
    },

    /**
     * An upload URL for a sponsor's signed agreement; the sponsorships module has checked that the
     * caller is that sponsorship's sponsor.
     */
    async createSponsorshipUpload(sponsorship: {
      id: number;
      organisationId: number;
      eventId: number;
      fileName: string;
    }): Promise<CreateUploadResponse> {
      const dot = sponsorship.fileName.lastIndexOf('.');
      assertPdfName(dot >= 0 ? sponsorship.fileName.slice(dot + 1) : '');
      await removeAbandonedUploads(sponsorship.organisationId);
      return issueUpload({
        organisationId: sponsorship.organisationId,
        eventId: sponsorship.eventId,
        sponsorshipId: sponsorship.id,
        keyPrefix: sponsorshipKeyPrefix(sponsorship.organisationId, sponsorship.eventId, sponsorship.id),
        fileName: sponsorship.fileName,
      });
    },

    /** Checks that an upload is a stored, verified PDF issued for this sponsorship; answers its record. */
    async prepareSponsorshipAttachment(
      sponsorship: { id: number; organisationId: number; eventId: number },
      file: { s3_id: string; key: string },
    ): Promise<UploadRecord> {
      const upload = await repo.findById(file.s3_id);
      if (
        !upload ||
        upload.sponsorshipId !== sponsorship.id ||
        upload.key !== file.key ||
        !upload.key.startsWith(sponsorshipKeyPrefix(sponsorship.organisationId, sponsorship.eventId, sponsorship.id))
      ) {
        throw fileError('unknown_file');
      }
      if (upload.status === 'uploading') throw fileError('not_uploaded');
      if (upload.status === 'pending') await verifyUploadedBlob(upload);
      return (await repo.findById(upload.s3Id)) ?? upload;
    },

    /** PUT /files/upload/{token} of the local store: the token is the authority, not a bearer. */
    async receiveLocalUpload(
      token: string,
      declaredLength: number | undefined,
      body: Readable | undefined,
    ): Promise<void> {
      if (store.kind !== 'local') throw fail('request.not-found', 'Not found');
      const claims = await store.verifyUploadToken(token, now());
      if (!claims) throw fail('upload.link-invalid', 'The upload link is invalid or has expired');
      if (declaredLength !== undefined && declaredLength > maxBytes)
        throw fail('upload.too-large', `Files may have at most ${maxBytes} bytes`);
      const upload = await repo.findById(claims.uploadId);
      if (
        !upload ||
        upload.key !== claims.key ||
        upload.eventId !== claims.eventId ||
        upload.organisationId !== claims.organisationId
      ) {
        throw fail('upload.link-invalid', 'The upload link is invalid or has expired');
      }
      if (upload.status !== 'pending' || !(await repo.claimForUpload(upload.s3Id))) {
        throw fail('upload.link-used', 'The upload link has already been used');
      }
      try {
        if (!body) throw new BlobRejectedError('wrong_signature');
        const { size } = await store.write(upload.key, body, { maxBytes, requiredPrefix: PDF_SIGNATURE });
        await repo.markStored(upload.s3Id, 'uploading', size, now());
      } catch (error) {
        await repo.releaseClaim(upload.s3Id);
        if (error instanceof BlobRejectedError) {
          if (error.reason === 'too_large') throw fail('upload.too-large', `Files may have at most ${maxBytes} bytes`);
          if (error.reason === 'wrong_signature') throw fail('upload.not-pdf', 'Only PDF files are accepted');
          throw fail('upload.link-used', 'The upload link has already been used');
        }
        throw error;
      }
    },

    /**
     * Checks the files an event is saved with: each must be an upload for this event of this
     * organisation whose bytes are stored and verified. Returns their ids; refusals are 400 with
     * fields.files naming the problem.
     */
    async prepareAttachment(organisationId: number, eventId: number | null, files: EventFile[]): Promise<string[]> {
      const ids: string[] = [];
      for (const file of files) {
        if (ids.includes(file.s3_id)) continue;
        const upload = await repo.findById(file.s3_id);
        if (
          eventId === null ||
          !upload ||
          upload.organisationId !== organisationId ||
          upload.eventId !== eventId ||
          upload.sponsorshipId !== null ||
          upload.key !== file.key ||
          !upload.key.startsWith(eventKeyPrefix(organisationId, eventId))
        ) {
          throw fileError('unknown_file');
        }
        if (upload.status === 'uploading') throw fileError('not_uploaded');
        if (upload.status === 'pending') await verifyUploadedBlob(upload);
        ids.push(upload.s3Id);
      }
      return ids;
    },

    /** After a commit that dropped files: their blobs go too (a failure only leaves an orphan). */
    deleteBlobs,

    /** GET /download?key= */
    async download(caller: Caller, key: string) {
      return serveDownload(key, { email: caller.email, guest: null }, (upload) =>
        access.mayDownloadEventFile(caller, upload),
      );
    },

    /** A sponsor's download with their invitation link instead of a bearer token. */
    async downloadAsGuest(guest: GuestCaller, key: string) {
      return serveDownload(
        key,
        { email: guest.email, guest },
        async (upload) => (await access.mayGuestDownloadEventFile?.(guest, upload)) === true,
      );
    },

    /** Called when an organisation was deleted (its rows went by ON DELETE CASCADE): its blobs go too. */
    async deleteOrganisationFiles(organisationId: number): Promise<void> {
      try {
        await store.deletePrefix(organisationKeyPrefix(organisationId));
      } catch (error) {
        log.error({ err: error, organisationId }, "could not delete a deleted organisation's files");
      }
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
