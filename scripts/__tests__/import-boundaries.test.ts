import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import direction is the linter's to keep (eslint.config.mjs): each probe is code linted as if it
// stood in the file named (the web's path aliases resolve only for files of its project), so a rule
// that stopped matching would fail here.
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
// The type-aware rules need files of a TypeScript project; the import rules do not.
const eslint = new ESLint({ cwd: root, overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint of a run loads the parser and the import resolver cold: seconds under a loaded machine.
const COLD_LINT = { timeout: 60_000 };

describe('import boundaries', COLD_LINT, () => {
  it('refuses a sideways import between web features', async () => {
    const errors = await boundaryErrors('web/src/features/cart/priced-lines.ts', "import type { AddToCart } from '@/features/catalogue/types';\nexport type X = AddToCart;\n");
    expect(errors.join('\n')).toMatch(/No sideways imports between features/);
  });

  it('refuses a feature importing the app, and lib importing a feature', async () => {
    expect(await boundaryErrors('web/src/features/cart/priced-lines.ts', "import { router } from '@/app/router';\nexport const r = router;\n")).not.toEqual([]);
    expect(await boundaryErrors('web/src/lib/toast.ts', "import { cart } from '@/features/cart/cart-store';\nexport const c = cart;\n")).not.toEqual([]);
  });

  it('lets a feature import its own modules, lib and the contracts', async () => {
    const ok = "import { cart } from '@/features/cart/cart-store';\nimport { formatMoney } from '@contracts/format';\nexport const x = [cart, formatMoney];\n";
    expect(await boundaryErrors('web/src/features/cart/priced-lines.ts', ok)).toEqual([]);
  });

  it('refuses HTTP in a service and a service in a repository', async () => {
    expect(await boundaryErrors('functions/src/api/orders/probe.ts', "import { Router } from 'express';\nexport const r = Router;\n")).not.toEqual([]);
    expect(await boundaryErrors('functions/src/api/orders/probe.ts', "import { statusOf } from '../../http/errors';\nexport const h = statusOf;\n")).not.toEqual([]);
    expect(await boundaryErrors('functions/src/data/probe.ts', "import { placeShopOrder } from '../api/orders/service';\nexport const p = placeShopOrder;\n")).not.toEqual([]);
  });

  it('keeps the page renderer on the API\'s services, off the repositories', async () => {
    expect((await boundaryErrors('functions/src/ssr/probe.ts', "import { launchedCatalogue } from '../data/products';\nexport const c = launchedCatalogue;\n")).join('\n')).toMatch(/services the API uses/);
    expect(await boundaryErrors('functions/src/ssr/probe.ts', "import { launchedProduct } from '../api/products/service';\nexport const p = launchedProduct;\n")).toEqual([]);
  });

  it('keeps the order domain pure and the repositories below the allocator', async () => {
    expect(await boundaryErrors('functions/src/domain/probe.ts', "import { db } from '../lib/firebase';\nexport const d = db;\n")).not.toEqual([]);
    expect(await boundaryErrors('functions/src/domain/probe.ts', "import { getOrderDoc } from '../data/orders';\nexport const g = getOrderDoc;\n")).not.toEqual([]);
    expect(await boundaryErrors('functions/src/domain/probe.ts', "import { ORDER_STATUSES } from '../contracts/orders';\nexport const t = ORDER_STATUSES;\n")).toEqual([]);
    expect(await boundaryErrors('functions/src/data/probe.ts', "import { allocate } from '../allocator/stock-allocator';\nexport const a = allocate;\n")).not.toEqual([]);
    expect(await boundaryErrors('functions/src/allocator/probe.ts', "import { placeShopOrder } from '../api/orders/service';\nexport const p = placeShopOrder;\n")).not.toEqual([]);
  });

  it('keeps the shared contracts free of server code', async () => {
    expect(await boundaryErrors('functions/src/contracts/probe.ts', "import { db } from '../lib/firebase';\nexport const d = db;\n")).not.toEqual([]);
  });
});

// Configuration is read at one door per side (functions/src/config.ts, web/src/config/env.ts).
describe('configuration doors', COLD_LINT, () => {
  const doorErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-properties' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it('refuses process.env in a server module other than config.ts, and import.meta.env in the web outside config/env.ts', async () => {
    expect((await doorErrors('functions/src/api/orders/probe.ts', 'export const u = process.env.SITE_URL;\n')).join('\n')).toMatch(/functions\/src\/config\.ts/);
    expect(await doorErrors('functions/src/lib/probe.ts', 'const { env } = process;\nexport const u = env.SITE_URL;\n')).not.toEqual([]);
    expect((await doorErrors('web/src/features/cart/probe.ts', 'export const m = import.meta.env.MODE;\n')).join('\n')).toMatch(/web\/src\/config\/env\.ts/);
  });

  it('lets the doors themselves read it', async () => {
    expect(await doorErrors('functions/src/config.ts', 'export const e = process.env;\n')).toEqual([]);
    expect(await doorErrors('web/src/config/env.ts', 'export const e = import.meta.env;\n')).toEqual([]);
  });
});

// An order's statuses are named where they are decided (functions/src/domain/order.ts) and declared
// (contracts/); anywhere else the question is asked of the domain (eslint.config.mjs, statusSyntax).
describe('order statuses', COLD_LINT, () => {
  const statusErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it('refuses a status written as a string in a service, a repository and a web component', async () => {
    expect((await statusErrors('functions/src/api/orders/probe.ts', "export const paid = (s: string) => s === 'preparing' || s === 'shipped';\n")).join('\n')).toMatch(/domain\/order\.ts/);
    expect(await statusErrors('functions/src/data/probe.ts', "export const q = ['awaitingPayment'];\n")).toHaveLength(1);
    expect(await statusErrors('web/src/features/orders/probe.tsx', 'export const x = <i data-s="refunded" />;\n')).toHaveLength(1);
  });

  it('lets the domain and the contracts name them, an order mail keep its kind, and the rest ask the domain', async () => {
    expect(await statusErrors('functions/src/domain/probe.ts', "export const s = 'shipped';\n")).toEqual([]);
    expect(await statusErrors('functions/src/contracts/probe.ts', "export const s = ['awaitingFormation', 'cancelledUnpaid'];\n")).toEqual([]);
    expect(await statusErrors('functions/src/mail/probe.ts', "export const m = { kind: 'shipped' };\nexport function f(x: { kind: string }) { switch (x.kind) { case 'refunded': return 1; } return 0; }\n")).toEqual([]);
    expect(await statusErrors('web/src/features/orders/probe.ts', "import { isPaid, STATUS } from '@domain/order';\nexport const x = [isPaid, STATUS.shipped];\n")).toEqual([]);
  });
});
