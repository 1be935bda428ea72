import { createHash } from 'node:crypto';
import {
  digitsOf,
  type BankCandidate,
  type BankConfirmInput,
  type BankConfirmResult,
  type BankDeposit,
  type BankLayout,
  type BankProposal,
} from '../../contracts/bank';
import { formatMoney } from '../../contracts/format';
import { claimDeposit, depositClaims, listBankLayouts, listUnpaidCandidates, releaseDeposit, saveBankLayout } from '../../data/bank';
import { Failure } from '../../lib/failure';
import type { Identity as AuthUser } from '../../lib/id-token';
import { getAdminOrder } from '../orders/listing';
import { changeStatus } from '../orders/order-status';
import { awaitsFormation, awaitsPayment, STATUS } from '../../domain/order';

// Bank statement matching: proposals are read-only; a confirmation claims the deposit
// (bankDeposits/{key}, created once) and then moves the order through the console's own
// changeStatus, so a statement imported twice confirms nothing twice.

/** awaitingPayment orders read for one matching; a small shop has a few dozen. */
const CANDIDATE_SCAN = 2000;

/** A deposit's identity across imports: its date, amount, account text and rank among identical rows. */
export const depositKey = (d: BankDeposit) =>
  createHash('sha256').update(JSON.stringify([d.date, d.amount, d.account.trim(), d.occurrence])).digest('hex').slice(0, 40);

/** The end of a Taiwan calendar day (statements give the day of the transfer, not its time). */
const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();

type Candidate = BankCandidate;

/**
 * The account cell ends with the order's digits (the buyer gave the LAST five digits of their account;
 * the same digits in the middle of another account are a different account), or the order was
 * placed with 00000: a decision.
 */
function fits(o: Candidate, d: BankDeposit): 'digits' | 'unknownDigits' | null {
  if (o.totalPrice !== d.amount || o.createdAt >= dayEnd(d.date)) return null;
  if (o.bankAccountNo === '00000') return 'unknownDigits';
  return digitsOf(d.account).endsWith(o.bankAccountNo) ? 'digits' : null;
}

/** POST /api/admin/bank/match: a proposal per deposit; reads only. */
export async function matchDeposits(deposits: readonly BankDeposit[]): Promise<BankProposal[]> {
  const [orders, claims] = await Promise.all([listUnpaidCandidates(CANDIDATE_SCAN), depositClaims(deposits.map(depositKey))]);
  const sole = new Map<number, string>();
  const proposals: BankProposal[] = deposits.map((deposit, i) => {
    const claimed = claims[i] ?? null;
    if (claimed !== null) return { deposit, kind: 'alreadyConfirmed', candidates: [], confirmedOrderNo: claimed };
    const strict = orders.filter((o) => fits(o, deposit) === 'digits');
    const loose = orders.filter((o) => fits(o, deposit) === 'unknownDigits');
    if (strict.length === 1) {
      sole.set(i, strict[0]!.orderId);
      return { deposit, kind: 'exact', candidates: strict };
    }
    const candidates = [...strict, ...loose].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    return { deposit, kind: candidates.length ? 'ambiguous' : 'unmatched', candidates };
  });
  // Two deposits pointing at the same single order: neither is certain.
  const claimsOf = new Map<string, number>();
  for (const id of sole.values()) claimsOf.set(id, (claimsOf.get(id) ?? 0) + 1);
  for (const [i, id] of sole) if (claimsOf.get(id)! > 1) proposals[i]!.kind = 'ambiguous';
  return proposals;
}

/** GET /api/admin/bank/layouts: the column mappings remembered per statement layout. */
export function listLayouts(): Promise<BankLayout[]> {
  return listBankLayouts();
}

async function confirmOne(m: BankConfirmInput['matches'][number], user: AuthUser): Promise<BankConfirmResult> {
  const { deposit, orderId } = m;
  const base = { deposit, orderId };
  let order;
  try {
    order = await getAdminOrder(orderId);
  } catch {
    return { ...base, outcome: 'refused', message: '找不到這筆訂單' };
  }
  const key = depositKey(deposit);
  const [existing] = await depositClaims([key]);
  if (existing != null) return { ...base, outcome: 'alreadyConfirmed', orderNo: existing };
  // A pay-after-成團 order waiting for its campaign asks for no payment yet: nothing to match it against.
  if (awaitsFormation(order)) return { ...base, orderNo: order.orderNo, outcome: 'refused', message: '訂單等待成團中，尚未開始收款' };
  if (!awaitsPayment(order)) return { ...base, orderNo: order.orderNo, outcome: 'refused', message: '訂單已不是待匯款狀態' };
  const fit = fits({ ...order, buyer: order.buyer, planId: order.planId }, deposit);
  if (!fit) return { ...base, orderNo: order.orderNo, outcome: 'refused', message: '金額、帳號末五碼或日期與訂單不符' };

  // Claim the deposit first: of two confirmations at once, one creates the claim and the other stops.
  const taken = await claimDeposit(key, { ...deposit, orderId, orderNo: order.orderNo, at: new Date().toISOString(), by: user.email ?? user.uid });
  if (taken !== null) return { ...base, outcome: 'alreadyConfirmed', orderNo: taken };
  const digits = fit === 'digits' ? order.bankAccountNo : digitsOf(deposit.account).slice(-5).padStart(5, '0');
  const [y, mo, d] = deposit.date.split('-');
  try {
    await changeStatus(
      orderId,
      { status: STATUS.preparing, bankAccountNo: digits, amount: deposit.amount, note: `銀行對帳單第 ${deposit.row} 列：${y}/${mo}/${d} 存入 ${formatMoney(deposit.amount)}${deposit.account ? `（${deposit.account}）` : ''}` },
      user,
    );
    return { ...base, orderNo: order.orderNo, outcome: 'confirmed' };
  } catch (err) {
    await releaseDeposit(key).catch(() => undefined);
    return { ...base, orderNo: order.orderNo, outcome: 'refused', message: err instanceof Failure && err.kind === 'conflict' ? '訂單狀態已被變更' : '確認失敗，請再試一次' };
  }
}

/**
 * POST /api/admin/bank/confirm: confirms the chosen matches, a few at a time, each through the
 * same status change as by hand; remembers the layout's column mapping.
 */
export async function confirmDeposits(input: BankConfirmInput, user: AuthUser): Promise<BankConfirmResult[]> {
  if (input.layout) await saveBankLayout(input.layout);
  const results: BankConfirmResult[] = [];
  for (let i = 0; i < input.matches.length; i += 5) {
    results.push(...(await Promise.all(input.matches.slice(i, i + 5).map((m) => confirmOne(m, user)))));
  }
  return results;
}
