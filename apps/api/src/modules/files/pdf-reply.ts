// How every stored PDF leaves the API: as an attachment, never sniffed, never cached by a proxy.
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { PDF_MIME_TYPE } from '@sp/shared';

export type PdfDownload = { body: Readable; size: number; contentDisposition: string };

export function sendPdf(reply: FastifyReply, file: PdfDownload): FastifyReply {
  return reply
    .header('content-type', PDF_MIME_TYPE)
    .header('content-length', String(file.size))
    .header('content-disposition', file.contentDisposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
