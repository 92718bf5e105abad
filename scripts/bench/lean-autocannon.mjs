// autocannon, the benchmark's load generator, made to do less of its own work per answer
// (decision 046). It runs on the same two cores as the server, so its own pauses are counted as the
// server's latency: measured beside wrk on the same server at the same moment, autocannon's p99 of
// the 17-66 kB reads was 13-26 ms where wrk's was 7-11 ms, and its event loop ran as late as that
// p99. Two kinds of its work are not needed here:
// - it keeps each answer's body as a string (`body += chunk`, a UTF-8 decode per chunk) for checks
//   this benchmark never asks for (expectBody, verifyBody, request sequences);
// - each socket read gets a new 64 kB buffer, outside V8's heap, and at 10,000 answers a second of
//   40 kB that memory set off a full garbage collection every 150 ms (68-73 in 10 s, 6-13 ms each).
//   The sockets read into one buffer of their own instead (net.connect's `onread`); the parser
//   copies what it keeps of a chunk (partial header lines) into strings, so the buffer may be reused.
// The bytes are still counted, and every answer is still read and parsed to its end.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const net = require('node:net');
const PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue.js');
const Client = require('autocannon/lib/httpClient.js');

const original = { addBody: PipelinedRequestsQueue.prototype.addBody, connect: Client.prototype._connect };
if (typeof original.addBody !== 'function' || typeof original.connect !== 'function') {
  throw new Error('autocannon changed: no PipelinedRequestsQueue#addBody or Client#_connect to lean (decision 046)');
}

function connectReadingIntoOneBuffer() {
  if (this.secure || this.ipc) return original.connect.call(this);
  this.readBuffer ??= Buffer.allocUnsafe(64 * 1024);
  const { readBuffer, pipelinedRequests, parser } = this;
  const connect = net.connect;
  // autocannon's _connect calls net.connect(port, hostname); for that call only, the socket it gets
  // reads into the client's buffer and hands each read to the client's parser (both live as long
  // as the client).
  net.connect = (port, host) =>
    connect({
      port,
      host,
      onread: {
        buffer: readBuffer,
        callback(nread, buffer) {
          pipelinedRequests.addByteCount(nread);
          parser.execute(buffer, 0, nread);
        },
      },
    });
  try {
    return original.connect.call(this);
  } finally {
    net.connect = connect;
  }
}

/** Turns the lean client on (the benchmark's default) or back to autocannon's own. */
export function leanAutocannon(on = true) {
  PipelinedRequestsQueue.prototype.addBody = on ? function addBody() {} : original.addBody;
  Client.prototype._connect = on ? connectReadingIntoOneBuffer : original.connect;
}
