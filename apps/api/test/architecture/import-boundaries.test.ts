// The lint rule that keeps a module's files private really fails on a violation (and lets the public
// face through), so the boundary of STYLE.md rule 6 cannot silently stop being checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

const restrictedImports = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('import boundaries', () => {
  it("fails on another module's private file, from a module and from the composition root", async () => {
    const code =
      "import { createFilesRepository } from '../files/repository.ts';\nexport const x = createFilesRepository;\n";
    expect(await restrictedImports('apps/api/src/modules/events/probe.ts', code)).toHaveLength(1);
    const fromRoot =
      "import { createFilesRepository } from './modules/files/repository.ts';\nexport const x = createFilesRepository;\n";
    expect(await restrictedImports('apps/api/src/probe.ts', fromRoot)).toHaveLength(1);
  });

  it('fails when a lower layer imports a module', async () => {
    const code = "import { filesModule } from '../modules/files/index.ts';\nexport const x = filesModule;\n";
    expect(await restrictedImports('apps/api/src/lib/probe.ts', code)).toHaveLength(1);
  });

  it("lets a module use another's index.ts, and tests another's test support", async () => {
    const code = "import { filesModule } from '../files/index.ts';\nexport const x = filesModule;\n";
    expect(await restrictedImports('apps/api/src/modules/events/probe.ts', code)).toEqual([]);
    const test = "import { pdfBytes } from '../events/test-support.ts';\nexport const x = pdfBytes;\n";
    expect(await restrictedImports('apps/api/src/modules/files/probe.test.ts', test)).toEqual([]);
  });
});
