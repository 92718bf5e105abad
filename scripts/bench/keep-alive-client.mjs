// The mixed load's HTTP client (decision 048): one keep-alive HTTP/1.1 connection per virtual user,
// one request at a time, on a bare socket. It runs on the same two cores as the server; node:http's
// client (an Agent, a ClientRequest and an IncomingMessage stream per request, a new 64 kB buffer per
// socket read) took 63-65 % of a core during PostgreSQL's 200-user mix, the second-largest user of
// the machine after the server itself, so its work was charged to the server's latency.
// What it does per answer: reads into one buffer per connection (net.connect's `onread`), decodes
// only the head as text, and skips the body (counting its bytes) unless the caller keeps it.
// Content-Length and chunked bodies are read; an answer that ends with the connection is an error.
import net from 'node:net';

const HEAD_END = '\r\n\r\n';

export class KeepAliveConnection {
  /** @param {{ host: string, port: number }} target */
  constructor({ host, port }) {
    this.host = host;
    this.port = port;
    this.socket = null;
    this.readBuffer = Buffer.allocUnsafe(64 * 1024);
    this.pending = null; // { resolve, reject, timer, keepBody }
    this.bytesRead = 0;
  }

  /**
   * Sends one request and settles when its whole answer has arrived: `{ status, body }`, `body` the
   * answer as text when `keepBody` asks for it or the status is not 2xx (for the error's text).
   */
  request({ method = 'GET', path, headers = {}, body, keepBody = false, timeoutMs = 10_000 }) {
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'));
    const payload = body === undefined ? undefined : Buffer.from(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (payload) head += `content-length: ${payload.length}\r\n`;
    head += '\r\n';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new Error(`${method} timed out after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.pending = { resolve, reject, timer, keepBody };
      this.answer = newAnswer();
      const socket = this.socket ?? this.connect();
      socket.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head, 'latin1');
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  connect() {
    const socket = net.connect({
      host: this.host,
      port: this.port,
      noDelay: true,
      onread: {
        buffer: this.readBuffer,
        callback: (length, buffer) => {
          if (this.socket !== socket) return;
          this.bytesRead += length;
          // The buffer is reused for the next read: read() copies what it keeps.
          this.read(buffer, 0, length);
        },
      },
    });
    // Events of a connection already given up (after an error, a timeout or "connection: close")
    // must not settle the request that a new connection now carries.
    socket.on('error', (error) => {
      if (this.socket === socket) this.fail(error);
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.fail(new Error('the server closed the connection before the answer ended'));
    });
    this.socket = socket;
    return socket;
  }

  /** Settles the request in flight with an error and drops its connection (its state is unknown). */
  fail(error) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    this.close();
    pending.reject(error);
  }

  finish() {
    const pending = this.pending;
    const answer = this.answer;
    this.pending = null;
    clearTimeout(pending.timer);
    if (answer.closeAfter) this.close();
    const ok = answer.status >= 200 && answer.status < 300;
    const body = pending.keepBody || !ok ? Buffer.concat(answer.chunks).toString('utf8') : undefined;
    pending.resolve({ status: answer.status, body });
  }

  read(buffer, start, end) {
    const answer = this.answer;
    if (!this.pending || !answer) return; // bytes after a failed request: the socket is being closed
    let at = start;
    while (at < end && this.pending) {
      if (answer.state === 'head') at = this.readHead(answer, buffer, at, end);
      else if (answer.state === 'body') at = this.readBody(answer, buffer, at, end);
      else at = this.readChunked(answer, buffer, at, end);
    }
  }

  readHead(answer, buffer, at, end) {
    let text;
    let next;
    const headEnd = answer.head === '' ? buffer.indexOf(HEAD_END, at, 'latin1') : -1;
    if (headEnd !== -1 && headEnd + HEAD_END.length <= end) {
      // The usual case: the whole head in one read; only the head is decoded, not the body after it.
      text = buffer.latin1Slice(at, headEnd);
      next = headEnd + HEAD_END.length;
    } else {
      // A head spread over reads (or its end beyond this read's bytes, in the reused buffer's rest).
      const before = answer.head.length;
      answer.head += buffer.latin1Slice(at, end);
      const stringEnd = answer.head.indexOf(HEAD_END);
      if (stringEnd === -1) return end;
      text = answer.head.slice(0, stringEnd);
      next = at + stringEnd + HEAD_END.length - before;
      answer.head = '';
    }
    const lines = text.split('\r\n');
    answer.status = Number(lines[0].split(' ')[1]);
    let length = null;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      const name = lines[i].slice(0, colon).trim().toLowerCase();
      const value = lines[i]
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.includes('chunked');
      else if (name === 'connection') answer.closeAfter = value === 'close';
    }
    if (answer.status === 204 || answer.status === 304 || answer.status < 200) length = 0;
    if (chunked) {
      answer.state = 'chunk-size';
    } else if (length !== null) {
      answer.state = 'body';
      answer.remaining = length;
      if (length === 0) this.finish();
    } else {
      this.fail(new Error(`answer ${answer.status} has neither a length nor chunks`));
    }
    return next;
  }

  readBody(answer, buffer, at, end) {
    const take = Math.min(answer.remaining, end - at);
    if (this.keeps(answer)) answer.chunks.push(Buffer.from(buffer.subarray(at, at + take)));
    answer.remaining -= take;
    if (answer.remaining === 0) {
      if (answer.state === 'body') this.finish();
      else answer.state = 'chunk-end';
    }
    return at + take;
  }

  // Chunked: "<hex size>[;ext]\r\n<data>\r\n" ... "0\r\n" [trailers] "\r\n".
  readChunked(answer, buffer, at, end) {
    if (answer.state === 'chunk-data') return this.readBody(answer, buffer, at, end);
    const newline = buffer.indexOf(10, at);
    const lineEnd = newline === -1 || newline >= end ? end : newline + 1;
    answer.line += buffer.latin1Slice(at, lineEnd);
    if (!answer.line.endsWith('\n')) return lineEnd;
    const line = answer.line.trimEnd();
    answer.line = '';
    if (answer.state === 'chunk-size') {
      const size = parseInt(line.split(';')[0], 16);
      if (Number.isNaN(size)) this.fail(new Error(`bad chunk size "${line.slice(0, 20)}"`));
      else if (size === 0) answer.state = 'trailers';
      else {
        answer.state = 'chunk-data';
        answer.remaining = size;
      }
    } else if (answer.state === 'chunk-end') {
      answer.state = 'chunk-size';
    } else if (line === '') {
      this.finish(); // the empty line after the last chunk's trailers
    }
    return lineEnd;
  }

  keeps(answer) {
    return this.pending.keepBody || answer.status < 200 || answer.status >= 300;
  }
}

function newAnswer() {
  return { state: 'head', head: '', line: '', status: 0, remaining: 0, chunks: [], closeAfter: false };
}
