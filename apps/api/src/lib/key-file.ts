// A key the server makes itself on first start and keeps under DATA_DIR/keys/, outside the database
// and readable only by the server's user (the embedded default of the agreement seal, decision 025,
// and of the identity secrets key, decision 045). Processes starting at once agree on one file.
import fs from 'node:fs/promises';
import path from 'node:path';

/** The file's bytes; made with `make()` when it does not exist yet. */
export async function readOrMakeKeyFile(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, await make(), { mode: 0o600 });
  try {
    // link() fails when the file exists: the first process to finish wins, the others read its key.
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return fs.readFile(file);
}
