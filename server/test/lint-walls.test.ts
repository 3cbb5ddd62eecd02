import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's walls (docs/architecture.md "Walls") are lint rules in eslint.config.js. Each case
 * below is one deliberately wrong import, linted as if it were a file at that place in the tree: `npm run
 * lint` must refuse every one, and accept the same file with an allowed import (so the test cannot pass
 * because lint fails on everything).
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
const probeDir = path.join(root, 'server/src/services', `lint-probe-${process.pid}`);

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // no-cycle needs real files on both ends of the cycle.
  fs.mkdirSync(probeDir, { recursive: true });
  fs.writeFileSync(path.join(probeDir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
  fs.writeFileSync(path.join(probeDir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
});
afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

async function rulesBroken(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
}

const cases: { wall: string; file: string; wrong: string; allowed: string; rule: string }[] = [
  {
    wall: 'the engine imports nothing from server/',
    file: 'engine/probe.ts',
    wrong: "import { AppError } from '../server/src/services/app-error';\nexport const x = AppError;\n",
    allowed: "import { EngineError } from './engine.error';\nexport const x = EngineError;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: 'the engine imports nothing from web/',
    file: 'engine/probe.ts',
    wrong: "import { cn } from '../web/src/lib/cn';\nexport const x = cn;\n",
    allowed: "import { EngineError } from './engine.error';\nexport const x = EngineError;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: 'only repositories use Drizzle',
    file: 'server/src/services/probe.ts',
    wrong: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    allowed: "import { AppError } from './app-error';\nexport const x = AppError;\n",
    rule: 'no-restricted-imports',
  },
  {
    wall: 'only adapters talk to outside services (a client library)',
    file: 'server/src/services/probe.ts',
    wrong: "import nodemailer from 'nodemailer';\nexport const x = nodemailer;\n",
    allowed: "import type { Mailer } from '../adapters/mail/mailer';\nexport type X = Mailer;\n",
    rule: 'no-restricted-imports',
  },
  {
    wall: 'only adapters talk to outside services (fetch)',
    file: 'server/src/services/probe.ts',
    wrong: "export const x = () => fetch('https://example.com');\n",
    allowed: 'export const x = () => 1;\n',
    rule: 'no-restricted-globals',
  },
  {
    wall: 'services never import HTTP (our routes and hooks)',
    file: 'server/src/services/probe.ts',
    wrong: "import { requireUser } from '../http/auth.hook';\nexport const x = requireUser;\n",
    allowed: "import { AppError } from './app-error';\nexport const x = AppError;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: 'services never import HTTP (the framework)',
    file: 'server/src/services/probe.ts',
    wrong: "import type { FastifyRequest } from 'fastify';\nexport type X = FastifyRequest;\n",
    allowed: "import { AppError } from './app-error';\nexport const x = AppError;\n",
    rule: 'no-restricted-imports',
  },
  {
    wall: "web features don't import each other",
    file: 'web/src/features/admin/components/probe.tsx',
    wrong:
      "import PricingPage from '../../pricing/components/pricing-page';\nexport const x = PricingPage;\n",
    allowed: "import { RefundsPanel } from './refunds-panel';\nexport const x = RefundsPanel;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: "web features don't import app/",
    file: 'web/src/features/admin/components/probe.tsx',
    wrong: "import { RequireAdmin } from '../../../app/guards';\nexport const x = RequireAdmin;\n",
    allowed: "import { cn } from '../../../lib/cn';\nexport const x = cn;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: "web features don't import each other (through the @/ alias)",
    file: 'web/src/features/admin/components/probe.tsx',
    wrong:
      "import PricingPage from '@/features/pricing/components/pricing-page';\nexport const x = PricingPage;\n",
    allowed: "import { useAuth } from '@/shared/auth/hooks/use-auth';\nexport const x = useAuth;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    wall: "web shared/ areas don't import features",
    file: 'web/src/shared/photos/api/probe.ts',
    wrong:
      "import EditorPage from '@/features/editor/components/editor-page';\nexport const x = EditorPage;\n",
    allowed: "import { apiRequest } from '@/lib/api-client';\nexport const x = apiRequest;\n",
    rule: 'import-x/no-restricted-paths',
  },
];

describe('npm run lint enforces the walls', () => {
  for (const c of cases) {
    it(`refuses a wrong import: ${c.wall}`, async () => {
      expect(await rulesBroken(c.file, c.wrong)).toContain(c.rule);
      expect(await rulesBroken(c.file, c.allowed)).toEqual([]);
    });
  }

  it('refuses an import cycle', async () => {
    const code = fs.readFileSync(path.join(probeDir, 'a.ts'), 'utf8');
    expect(await rulesBroken(path.relative(root, path.join(probeDir, 'a.ts')), code)).toContain(
      'import-x/no-cycle',
    );
  });
});
