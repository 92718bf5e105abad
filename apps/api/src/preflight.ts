// Checks before touching any data: the data directory is writable and the port is free, so a
// second start on the same port stops with a clear message instead of racing the first.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class StartupError extends Error {
  override name = 'StartupError';
}

export function ensureWritableDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `The data directory ${dataDir} cannot be written (${reason}). Set DATA_DIR to a writable folder.`,
    );
  }
}

export function ensurePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new StartupError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use (is the platform already running?). Stop the other process or set PORT.`
            : `Cannot listen on ${host}:${port}: ${error.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
