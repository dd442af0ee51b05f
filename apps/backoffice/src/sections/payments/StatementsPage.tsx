import * as admin from '@chok/contract/routes/admin';
import * as adminPayments from '@chok/contract/routes/admin-payments';
import * as payments from '@chok/contract/routes/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { bankName } from '../../components/Bank';
import { confirm } from '../../components/ConfirmDialog';
import { type Column, DataTable, type Row, timeColumn } from '../../components/DataTable';
import { call, type Data, fieldErrors } from '../../lib/api';
import { csvDateTime, formatBaht, formatCount, formatDateTime } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';
import { accountKindLabels, lineSourceLabels, lineStatusOptions, statusTone } from './labels';

type Line = Row<typeof payments.statementLines>;
type Kind = 'bank' | 'truemoney' | 'gateway';

/** The receiving accounts a statement can belong to, by kind. */
function useAccounts(kind: Kind) {
  const banks = useApi(admin.contentAdmin.bank_accounts.list, {}, { enabled: kind === 'bank' });
  const wallets = useApi(admin.contentAdmin.true_money_accounts.list, {}, { enabled: kind === 'truemoney' });
  const setup = useApi(adminPayments.adminPaymentSettings, {}, { enabled: kind === 'gateway' });
  if (kind === 'bank')
    return (banks.data ?? []).map((a) => ({
      id: a.id,
      label: `${bankName(String(a.bank_code))} ${String(a.account_no)} ${String(a.account_name)}`,
    }));
  if (kind === 'truemoney')
    return (wallets.data ?? []).map((a) => ({
      id: a.id,
      label: `${String(a.phone)} ${String(a.account_name)}`,
    }));
  return (setup.data?.gateways ?? []).map((g) => ({ id: g.id, label: g.name }));
}

function ImportForm() {
  const id = useId();
  const client = useQueryClient();
  const templates = useApi(payments.statementTemplates, {});
  const [kind, setKind] = useState<Kind>('bank');
  const [accountId, setAccountId] = useState('');
  const [template, setTemplate] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<Data<typeof payments.importStatement> | null>(null);
  const accounts = useAccounts(kind);
  const forKind = (templates.data ?? []).filter((t) => t.account_kind === kind);
  const run = useAction(payments.importStatement, {
    success: (r) => `นำเข้าแล้ว ${formatCount(r.lines_new)} รายการ จับคู่ได้ ${formatCount(r.matched)} รายการ`,
    refresh: [payments.statementLines, payments.adminDeposits],
  });
  const errors = fieldErrors(run.error);
  const chosenTemplate = template || forKind[0]?.code || '';
  const chosenAccount = accountId || String(accounts[0]?.id ?? '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !chosenAccount || !chosenTemplate) return;
    const answer = await confirm({
      title: 'นำเข้า Statement',
      message: `นำเข้าไฟล์ ${file.name} เข้าบัญชีที่เลือก รายการเงินเข้าที่ตรงกับรายการฝากจะถูกยืนยันอัตโนมัติ`,
      confirmLabel: 'นำเข้า',
    });
    if (!answer) return;
    run.mutate(
      {
        account_kind: kind,
        account_id: Number(chosenAccount),
        template: chosenTemplate,
        file_name: file.name,
        content: file.text,
      },
      {
        onSuccess: (r) => {
          setResult(r);
          void client.invalidateQueries({ queryKey: ['api', payments.statementLines.path] });
        },
      },
    );
  };

  const columns = forKind.find((t) => t.code === chosenTemplate)?.columns ?? [];
  return (
    <form className="table-block" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>นำเข้าไฟล์ Statement (CSV)</h2>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${id}-kind`}>ประเภทบัญชี</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setAccountId('');
              setTemplate('');
            }}
          >
            {(Object.keys(accountKindLabels) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {accountKindLabels[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-account`}>บัญชี</label>
          <select id={`${id}-account`} value={chosenAccount} onChange={(e) => setAccountId(e.target.value)}>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-template`}>รูปแบบไฟล์</label>
          <select id={`${id}-template`} value={chosenTemplate} onChange={(e) => setTemplate(e.target.value)}>
            {forKind.map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <span id={`${id}-file-label`}>ไฟล์</span>
          <div className="row">
            {/* The browser's own file button speaks the browser's language: a Thai label opens it. */}
            <input
              id={`${id}-file`}
              className="visually-hidden"
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-labelledby={`${id}-file-label ${id}-file-button`}
              aria-invalid={errors.content ? true : undefined}
              onChange={async (e) => {
                const f = e.target.files?.[0];
                setFile(f ? { name: f.name, text: await f.text() } : null);
                setResult(null);
              }}
            />
            <label id={`${id}-file-button`} htmlFor={`${id}-file`} className="btn file-button">
              เลือกไฟล์ CSV
            </label>
            <span className="hint">{file ? file.name : 'ยังไม่ได้เลือกไฟล์'}</span>
          </div>
          {errors.content && <p className="field-error">{errors.content}</p>}
        </div>
        <button type="submit" className="btn btn-primary" disabled={!file || !chosenAccount || run.isPending}>
          {run.isPending ? 'กำลังนำเข้า…' : 'นำเข้า'}
        </button>
      </div>
      {columns.length > 0 && <p className="hint">คอลัมน์ของไฟล์: {columns.join(', ')}</p>}
      {result && (
        <p role="status">
          อ่าน {formatCount(result.lines_read)} รายการ · ใหม่ {formatCount(result.lines_new)} · ซ้ำ{' '}
          {formatCount(result.duplicates)} · จับคู่ได้ {formatCount(result.matched)} · ยังไม่จับคู่{' '}
          {formatCount(result.unmatched)}
        </p>
      )}
    </form>
  );
}

/**
 * What to search for a statement line's sender: the longest run of digits the bank shows of the
 * sending account ("xxxxxx1234" → "1234"), which the search matches against the end of members'
 * account numbers; the operator can change it.
 */
function senderDigits(counterparty: string | null): string {
  return (counterparty ?? '').match(/[0-9]+/g)?.reduce((a, b) => (b.length > a.length ? b : a), '') ?? '';
}

/**
 * Statement import (docs/rules/payments.md §3.2): upload a bank, TrueMoney or gateway export in one of
 * the templates; credit lines match requests on their own; an unmatched line is assigned to a member
 * (a second operator from the configured amount) or ignored with a note.
 */
export default function StatementsPage() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['api', payments.statementLines.path] });

  const assign = async (l: Line) => {
    await confirm({
      title: 'กำหนดรายการให้สมาชิก',
      message: `รายการเงินเข้า ${formatBaht(l.amount)} บาท เวลา ${formatDateTime(l.posted_at)} จาก ${l.counterparty || '-'}`,
      confirmLabel: 'กำหนดและเติมเครดิต',
      fields: [
        {
          name: 'member_id',
          label: 'สมาชิก',
          type: 'member',
          required: true,
          // Start from the sending account's digits on the statement.
          search: senderDigits(l.counterparty),
        },
        { name: 'note', label: 'หมายเหตุ', type: 'textarea' },
      ],
      action: (v) =>
        call(payments.assignStatementLine, { id: l.id, member_id: Number(v.member_id), note: v.note ?? '' }),
      success: (r) =>
        r.outcome === 'awaiting_second_approval' ? 'บันทึกแล้ว รอผู้อนุมัติคนที่สอง' : 'กำหนดรายการและเติมเครดิตแล้ว',
    });
    await refresh();
  };

  const ignore = async (l: Line) => {
    await confirm({
      title: 'ละเว้นรายการ',
      message: `ละเว้นรายการเงินเข้า ${formatBaht(l.amount)} บาท (ไม่เติมเครดิตให้ใคร)`,
      tone: 'danger',
      confirmLabel: 'ละเว้น',
      fields: [{ name: 'note', label: 'หมายเหตุ', type: 'textarea', required: true }],
      action: (v) => call(payments.ignoreStatementLine, { id: l.id, note: v.note ?? '' }),
      success: 'ละเว้นรายการแล้ว',
    });
    await refresh();
  };

  const columns: Column<Line>[] = [
    { key: 'id', header: 'เลขที่', cell: (l) => `#${l.id}` },
    timeColumn('posted_at', 'เวลาในรายการ', csvDateTime),
    {
      key: 'account_kind',
      header: 'บัญชี',
      cell: (l) => `${accountKindLabels[l.account_kind]} #${l.account_id}`,
    },
    {
      key: 'source',
      header: 'ที่มา',
      cell: (l) => (
        <>
          {lineSourceLabels[l.source]}
          {l.twin_of && <small className="hint"> ซ้ำกับรายการ #{l.twin_of}</small>}
        </>
      ),
      csv: (l) => lineSourceLabels[l.source],
    },
    { key: 'amount', header: 'ยอด', align: 'end', cell: (l) => formatBaht(l.amount) },
    { key: 'counterparty', header: 'ผู้โอน', cell: (l) => l.counterparty || '-' },
    { key: 'bank_ref', header: 'เลขอ้างอิง', cell: (l) => l.bank_ref ?? '-' },
    {
      key: 'status',
      header: 'สถานะ',
      cell: (l) => (
        <>
          <span className={statusTone(l.status)}>
            {lineStatusOptions.find((o) => o.value === l.status)?.label ?? l.status}
          </span>
          {l.request_id && <small className="hint"> รายการฝาก #{l.request_id}</small>}
          {l.assign_requested_by && l.status === 'unmatched' && (
            <>
              <br />
              <span className="badge badge-warn">รออนุมัติคนที่สอง (สมาชิก #{l.assign_member_id})</span>
            </>
          )}
        </>
      ),
    },
    { key: 'note', header: 'หมายเหตุ', cell: (l) => l.note ?? '-' },
    {
      key: 'actions',
      header: 'จัดการ',
      csv: () => '',
      cell: (l) =>
        l.status === 'unmatched' ? (
          <div className="row">
            <button type="button" className="btn btn-primary btn-small" onClick={() => void assign(l)}>
              กำหนดให้สมาชิก
            </button>
            <button type="button" className="btn btn-small" onClick={() => void ignore(l)}>
              ละเว้น
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <h1>นำเข้า Statement</h1>
      <ImportForm />
      <DataTable
        route={payments.statementLines}
        caption="รายการเงินเข้า: Statement เว็บฮุคทรูมันนี่ และข้อความแจ้งเตือนธนาคาร"
        rowKey={(l) => l.id}
        columns={columns}
        initialFilters={{ status: 'unmatched' }}
        filters={[{ name: 'status', label: 'สถานะ', type: 'select', options: lineStatusOptions }]}
      />
    </>
  );
}
