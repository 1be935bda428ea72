import type { BankConfirmResult, BankDeposit, BankLayout, BankProposal } from '@contracts/bank';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@contracts/format';
import { notify } from '@/lib/toast';
import { confirmBankMatches, listBankLayouts, matchBankDeposits } from '../api/admin-api';
import { checkSize, decodeStatement, guessMapping, parseStatement, StatementError, toDeposits, type DepositsResult, type Mapping, type Statement } from '../lib/bank-csv';
import { errorText } from '../lib/labels';
import { BusyButton, Card, PageHead } from './ui';
import { Field } from '@/components/field';

type Stage = { kind: 'pick' } | { kind: 'map'; st: Statement; mapping: Mapping; remembered: boolean } | { kind: 'review'; st: Statement; mapping: Mapping; read: DepositsResult; proposals: BankProposal[] };

const dayLabel = (d: string) => d.replaceAll('-', '/');
const depositLabel = (d: BankDeposit) => `第 ${d.row} 列・${dayLabel(d.date)}・${formatMoney(d.amount)}`;

/**
 * The reconciliation's steps: read the file (and the remembered layout of its bank), read the deposits
 * with the owner's column mapping and ask for matches, confirm the chosen ones.
 */
function useReconciliation() {
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BankConfirmResult[] | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setResults(null);
    setBusy(true);
    try {
      checkSize(file.size);
      const { text, encoding } = decodeStatement(await file.arrayBuffer());
      const st = parseStatement(text, encoding);
      let layouts: BankLayout[] = [];
      try {
        layouts = await listBankLayouts();
      } catch {
        // A guess still works without the remembered layouts.
      }
      const known = layouts.find((l) => l.key === st.layoutKey);
      const mapping = known ? { date: known.date, amount: known.amount, account: known.account } : guessMapping(st.header);
      setStage({ kind: 'map', st, mapping, remembered: !!known });
    } catch (err) {
      setError(err instanceof StatementError ? err.message : '無法讀取這個檔案，請確認是銀行匯出的 CSV 檔');
    } finally {
      setBusy(false);
    }
  }

  async function match(st: Statement, mapping: Mapping) {
    setError(null);
    let read: DepositsResult;
    try {
      read = toDeposits(st, mapping);
    } catch (err) {
      setError(err instanceof StatementError ? err.message : String(err));
      return;
    }
    if (!read.deposits.length) {
      setError(read.errors.length ? `沒有可讀取的存入紀錄（${read.errors.length} 列有問題，見下方）` : '這份對帳單沒有存入紀錄');
      setStage({ kind: 'review', st, mapping, read, proposals: [] });
      return;
    }
    setBusy(true);
    try {
      setStage({ kind: 'review', st, mapping, read, proposals: await matchBankDeposits(read.deposits) });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(matches: { deposit: BankDeposit; orderId: string }[]) {
    if (stage.kind !== 'review' || !matches.length) return;
    setBusy(true);
    setError(null);
    try {
      const { st, mapping } = stage;
      const layout = { key: st.layoutKey, header: st.header.slice(0, 50), ...mapping };
      const r = await confirmBankMatches({ layout, matches });
      setResults(r);
      const ok = r.filter((x) => x.outcome === 'confirmed').length;
      notify(ok ? 'success' : 'error', ok ? `已確認 ${ok} 筆匯款，訂單改為「匯款完成，訂單準備中」並已通知顧客` : '沒有確認任何匯款，請見下方說明');
      setStage({ ...stage, proposals: await matchBankDeposits(stage.read.deposits) });
    } catch (err) {
      setError(errorText(err));
      notify('error', '確認失敗，請見下方說明');
    } finally {
      setBusy(false);
    }
  }

  return { stage, setStage, error, busy, results, onFile, match, confirm };
}

/** /admin/bank: upload the bank's CSV, map its columns, review the proposed matches, confirm. */
export default function BankPage() {
  const { stage, setStage, error, busy, results, onFile, match, confirm } = useReconciliation();
  return (
    <div>
      <PageHead title="匯款對帳" />
      <p className="admin-sub">上傳網路銀行匯出的對帳單 CSV（UTF-8 或 Big5 皆可），系統會以「金額相同、帳號末五碼出現在帳號欄、下單時間早於入帳日」找出待匯款訂單。確認之前不會變更任何訂單。</p>
      <div className="admin-card">
        <label className="btn btn--primary admin-file">
          {busy && stage.kind === 'pick' ? '讀取中…' : stage.kind === 'pick' ? '選擇對帳單 CSV' : '換一份對帳單'}
          <input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} className="visually-hidden" data-testid="bank-file" />
        </label>
        {stage.kind !== 'pick' ? (
          <span className="admin-sub">
            編碼 {stage.st.encoding}・{stage.st.rows.length} 列資料
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="admin-alert" role="alert">
          <p>{error}</p>
        </div>
      ) : null}

      {stage.kind === 'map' || stage.kind === 'review' ? <MappingForm stage={stage} busy={busy} onChange={(m) => setStage({ kind: 'map', st: stage.st, mapping: m, remembered: false })} onMatch={(m) => void match(stage.st, m)} /> : null}

      {results ? <ConfirmResults results={results} /> : null}
      {stage.kind === 'review' ? <Review read={stage.read} proposals={stage.proposals} busy={busy} onConfirm={(m) => void confirm(m)} /> : null}
    </div>
  );
}

function MappingForm({ stage, busy, onChange, onMatch }: { stage: Extract<Stage, { kind: 'map' | 'review' }>; busy: boolean; onChange: (m: Mapping) => void; onMatch: (m: Mapping) => void }) {
  const { st, mapping } = stage;
  const select = (key: keyof Mapping, label: string) => (
    <Field label={label} required>
      <select value={mapping[key]} onChange={(e) => onChange({ ...mapping, [key]: e.target.value })}>
        <option value="">請選擇欄位</option>
        {st.header.map((h, i) => (
          <option key={`${h}-${i}`} value={h}>
            {h || `（第 ${i + 1} 欄）`}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <Card id="bank-map" title="欄位對應">
      <p className="admin-sub">{stage.kind === 'map' && stage.remembered ? '已套用這種對帳單格式上次的設定。' : '請確認每一項對應到對帳單的哪一欄；確認匯款後會記住這種格式。'}</p>
      <div className="admin-form admin-form--inline">
        {select('date', '交易日期')}
        {select('amount', '存入金額')}
        {select('account', '對方帳號／備註（含帳號末五碼）')}
      </div>
      <div className="admin-scroll">
        <table className="stacked-table admin-table admin-table--compact">
          <caption className="visually-hidden">對帳單前幾列</caption>
          <thead>
            <tr>
              {st.header.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {st.rows.slice(0, 3).map((r) => (
              <tr key={r.line}>
                {st.header.map((h, i) => (
                  // On a phone each row is a card: the column's name stands beside its value.
                  <td key={i} data-label={h}>
                    {r.cells[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BusyButton busy={busy} type="button" onClick={() => onMatch(mapping)} disabled={!mapping.date || !mapping.amount || !mapping.account}>
        比對訂單
      </BusyButton>
    </Card>
  );
}

function Review({ read, proposals, busy, onConfirm }: { read: DepositsResult; proposals: BankProposal[]; busy: boolean; onConfirm: (m: { deposit: BankDeposit; orderId: string }[]) => void }) {
  const exact = proposals.filter((p) => p.kind === 'exact');
  const ambiguous = proposals.filter((p) => p.kind === 'ambiguous');
  const unmatched = proposals.filter((p) => p.kind === 'unmatched');
  const done = proposals.filter((p) => p.kind === 'alreadyConfirmed');
  const [chosen, setChosen] = useState<Record<number, string>>({});
  return (
    <>
      <ProposalGroup
        id="exact"
        title="可直接確認"
        proposals={exact}
        empty="沒有可直接確認的匯款。"
        row={(p) => {
          const o = p.candidates[0]!;
          return (
            <>
              <span>{depositLabel(p.deposit)}</span>
              <span>
                → <Link to={`/admin/orders/${o.orderId}`}>{o.orderNo}</Link> {o.buyer}（末五碼 {o.bankAccountNo}，{formatDateTime(o.createdAt)} 下單）
              </span>
            </>
          );
        }}
      >
        {exact.length > 0 && (
          <BusyButton busy={busy} type="button" onClick={() => onConfirm(exact.map((p) => ({ deposit: p.deposit, orderId: p.candidates[0]!.orderId })))}>
            確認這 {exact.length} 筆匯款
          </BusyButton>
        )}
      </ProposalGroup>

      <ProposalGroup
        id="ambiguous"
        title="需要您決定"
        proposals={ambiguous}
        empty="沒有。"
        row={(p) => (
          <fieldset className="admin-choice">
            <legend>
              {depositLabel(p.deposit)}・{p.deposit.account || '（無帳號）'}
            </legend>
            {p.candidates.map((o) => (
              <label key={o.orderId} className="admin-check">
                <input type="radio" name={`pick-${p.deposit.row}`} checked={chosen[p.deposit.row] === o.orderId} onChange={() => setChosen({ ...chosen, [p.deposit.row]: o.orderId })} />
                {o.orderNo} {o.buyer}（末五碼 {o.bankAccountNo === '00000' ? '未填' : o.bankAccountNo}）
              </label>
            ))}
            <BusyButton busy={busy} type="button" className="btn btn--ghost btn--small" disabled={!chosen[p.deposit.row]} onClick={() => onConfirm([{ deposit: p.deposit, orderId: chosen[p.deposit.row]! }])}>
              確認這筆
            </BusyButton>
          </fieldset>
        )}
      />

      <ProposalGroup id="unmatched" title="找不到訂單" proposals={unmatched} empty="沒有。" row={(p) => `${depositLabel(p.deposit)}・${p.deposit.account || '（無帳號）'}`}>
        <p className="admin-sub">金額或帳號對不上的匯款，請到「待確認匯款」逐筆核對，或聯絡匯款人。</p>
      </ProposalGroup>

      {done.length > 0 && <ProposalGroup id="done" title="先前已確認" proposals={done} row={(p) => `${depositLabel(p.deposit)} → ${p.confirmedOrderNo}`} />}

      {read.errors.length || read.skipped ? (
        <Card id="bank-errors" title="未讀取的列">
          {read.skipped ? <p className="admin-sub">{read.skipped} 列沒有存入金額（支出），已略過。</p> : null}
          <ul className="admin-list" data-testid="bank-errors">
            {read.errors.map((e) => (
              <li key={e.line}>{e.message}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

/** One kind of the file's deposits: a heading with the count, a row each (or a note that there are none), then what the owner can do. */
function ProposalGroup({
  id,
  title,
  proposals,
  empty,
  row,
  children,
}: {
  id: string;
  title: string;
  proposals: BankProposal[];
  empty?: string;
  row: (p: BankProposal) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="admin-card" aria-labelledby={`bank-${id}`}>
      <h3 id={`bank-${id}`}>
        {title}（{proposals.length}）
      </h3>
      {proposals.length ? (
        <ul className="admin-list" data-testid={`bank-${id}`}>
          {proposals.map((p) => (
            <li key={p.deposit.row}>{row(p)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
      {children}
    </section>
  );
}

function ConfirmResults({ results }: { results: BankConfirmResult[] }) {
  const label = { confirmed: '已確認', alreadyConfirmed: '先前已確認', refused: '未確認' } as const;
  return (
    <section className="admin-card" aria-labelledby="bank-results" role="status">
      <h3 id="bank-results">確認結果</h3>
      <ul className="admin-list">
        {results.map((r) => (
          <li key={`${r.deposit.row}-${r.orderId}`}>
            {depositLabel(r.deposit)}：{label[r.outcome]} {r.orderNo ?? ''} {r.message ? `（${r.message}）` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
