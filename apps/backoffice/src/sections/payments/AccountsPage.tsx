import * as admin from '@chok/contract/routes/admin';
import * as adminPayments from '@chok/contract/routes/admin-payments';
import * as content from '@chok/contract/routes/content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BankName, bankName as bankNameOf } from '../../components/Bank';
import { type ConfirmField, confirm } from '../../components/ConfirmDialog';
import { call, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';

type Kind = 'bank_accounts' | 'true_money_accounts';
type Account = { id: number; updated_at: string } & Record<string, unknown>;

const TABS: { kind: Kind; label: string }[] = [
  { kind: 'bank_accounts', label: 'บัญชีธนาคาร' },
  { kind: 'true_money_accounts', label: 'ทรูมันนี่วอลเล็ท' },
];

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The operator's receiving accounts (docs/rules/payments.md §1): bank accounts and TrueMoney wallets
 * members transfer to, switched on or off; members are given the active ones in turn (round robin)
 * by their order. PromptPay IDs are listed as they are set up.
 */
export default function AccountsPage() {
  const [kind, setKind] = useState<Kind>('bank_accounts');
  const client = useQueryClient();
  const routes = admin.contentAdmin[kind];
  const list = useApi(routes.list, {});
  const banks = useApi(content.banks, {}, { staleTime: Number.POSITIVE_INFINITY });
  const setup = useApi(adminPayments.adminPaymentSettings, {});
  const refresh = () => client.invalidateQueries({ queryKey: ['api', routes.list.path] });
  const bankAccounts = useApi(admin.contentAdmin.bank_accounts.list, {});
  const refreshSetup = () =>
    client.invalidateQueries({ queryKey: ['api', adminPayments.adminPaymentSettings.path] });
  const activeBanks = ((bankAccounts.data ?? []) as Account[]).filter((b) => b.is_active);
  // The dialog's account list is taken when it opens: it opens only once the accounts are read, and
  // only when there is an account to pick.
  const promptPayBlocked = !bankAccounts.data
    ? 'กำลังโหลดบัญชีธนาคารรับเงิน…'
    : activeBanks.length === 0
      ? 'เพิ่มหรือเปิดบัญชีธนาคารรับเงินก่อน จึงเพิ่มพร้อมเพย์ได้'
      : null;
  const addPromptPay = () =>
    confirm({
      title: 'เพิ่มพร้อมเพย์',
      message: 'เงินที่สมาชิกโอนผ่านพร้อมเพย์นี้เข้าบัญชีธนาคารรับเงินที่เลือก',
      confirmLabel: 'เพิ่ม',
      fields: [
        {
          name: 'proxy_id',
          label: 'หมายเลขพร้อมเพย์',
          hint: 'เบอร์มือถือ 10 หลัก หรือเลขประจำตัวผู้เสียภาษี 13 หลัก',
          inputMode: 'numeric',
          required: true,
        },
        { name: 'account_name', label: 'ชื่อบัญชี', required: true },
        {
          name: 'bank_account_id',
          label: 'บัญชีธนาคารรับเงิน',
          type: 'select',
          options: activeBanks.map((b) => ({
            value: str(b.id),
            label: `${bankName(b.bank_code)} ${str(b.account_no)} ${str(b.account_name)}`,
          })),
          required: true,
          initial: str(activeBanks[0]?.id ?? ''),
        },
        { name: 'sort_order', label: 'ลำดับ (น้อยก่อน)', inputMode: 'numeric', initial: '0' },
      ],
      action: (v) => {
        const digits = (v.proxy_id ?? '').replace(/\D/g, '');
        return call(adminPayments.createPromptPayAccount, {
          bank_account_id: Number(v.bank_account_id),
          proxy_type: digits.length === 13 ? 'tax_id' : 'phone',
          proxy_id: v.proxy_id ?? '',
          account_name: v.account_name ?? '',
          sort_order: Number(v.sort_order || 0),
        });
      },
      success: 'เพิ่มพร้อมเพย์แล้ว',
    }).then(refreshSetup);
  const switchPromptPay = (p: { id: number; proxy_id: string; is_active: boolean }) =>
    confirm({
      title: p.is_active ? `ปิดพร้อมเพย์ ${p.proxy_id}` : `เปิดพร้อมเพย์ ${p.proxy_id}`,
      tone: p.is_active ? 'danger' : 'primary',
      confirmLabel: p.is_active ? 'ปิด' : 'เปิด',
      action: () => call(adminPayments.updatePromptPayAccount, { id: p.id, is_active: !p.is_active }),
      success: p.is_active ? 'ปิดพร้อมเพย์แล้ว' : 'เปิดพร้อมเพย์แล้ว',
    }).then(refreshSetup);
  const rows = ([...(list.data ?? [])] as Account[]).sort(
    (a, b) => Number(a.sort_order) - Number(b.sort_order) || a.id - b.id,
  );
  const bankName = (code: unknown) => bankNameOf(str(code));

  const fieldsFor = (a?: Account): ConfirmField[] => [
    ...(kind === 'bank_accounts'
      ? [
          {
            name: 'bank_code',
            label: 'ธนาคาร',
            type: 'select' as const,
            options: (banks.data ?? []).map((b) => ({ value: b.code, label: b.name })),
            required: true,
            initial: str(a?.bank_code || (banks.data?.[0]?.code ?? '')),
          },
          {
            name: 'account_no',
            label: 'เลขบัญชี',
            required: true,
            initial: str(a?.account_no),
            inputMode: 'numeric' as const,
          },
        ]
      : [
          {
            name: 'phone',
            label: 'เบอร์วอลเล็ท',
            required: true,
            initial: str(a?.phone),
            inputMode: 'numeric' as const,
          },
        ]),
    { name: 'account_name', label: 'ชื่อบัญชี', required: true, initial: str(a?.account_name) },
    {
      name: 'sort_order',
      label: 'ลำดับการหมุนเวียน (น้อยก่อน)',
      initial: str(a?.sort_order ?? 0),
      inputMode: 'numeric',
    },
  ];

  const bodyOf = (v: Record<string, string>) => ({
    ...v,
    sort_order: v.sort_order === '' || v.sort_order === undefined ? 0 : Number(v.sort_order),
  });

  const add = async () => {
    await confirm({
      title: kind === 'bank_accounts' ? 'เพิ่มบัญชีธนาคาร' : 'เพิ่มทรูมันนี่วอลเล็ท',
      confirmLabel: 'เพิ่มบัญชี',
      fields: fieldsFor(),
      action: (v) =>
        call(routes.create as typeof admin.contentAdmin.bank_accounts.create, bodyOf(v) as never),
      success: 'เพิ่มบัญชีแล้ว',
    });
    await refresh();
  };

  const edit = async (a: Account) => {
    await confirm({
      title: 'แก้ไขบัญชี',
      confirmLabel: 'บันทึก',
      fields: fieldsFor(a),
      action: (v) =>
        call(
          routes.update as typeof admin.contentAdmin.bank_accounts.update,
          { id: a.id, ...bodyOf(v) } as never,
        ),
      success: 'บันทึกแล้ว',
    });
    await refresh();
  };

  const toggle = async (a: Account) => {
    const on = a.is_active === true;
    await confirm({
      title: on ? 'ปิดบัญชีรับเงิน' : 'เปิดบัญชีรับเงิน',
      message: on
        ? 'สมาชิกจะไม่ได้รับบัญชีนี้สำหรับการฝากใหม่ รายการที่แจ้งไว้แล้วยังใช้ได้'
        : 'บัญชีนี้จะกลับมาอยู่ในรอบการหมุนเวียนให้สมาชิกฝาก',
      tone: on ? 'danger' : 'primary',
      confirmLabel: on ? 'ปิดบัญชี' : 'เปิดบัญชี',
      action: () =>
        call(routes.update as typeof admin.contentAdmin.bank_accounts.update, { id: a.id, is_active: !on }),
      success: on ? 'ปิดบัญชีแล้ว' : 'เปิดบัญชีแล้ว',
    });
    await refresh();
  };

  return (
    <>
      <h1>บัญชีรับเงิน</h1>
      <div className="tabs" role="tablist" aria-label="ประเภทบัญชี">
        {TABS.map((t) => (
          <button
            key={t.kind}
            type="button"
            role="tab"
            id={`tab-${t.kind}`}
            aria-selected={kind === t.kind}
            aria-controls="accounts-panel"
            onClick={() => setKind(t.kind)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section id="accounts-panel" role="tabpanel" aria-labelledby={`tab-${kind}`} className="table-block">
        <div className="filters">
          <p className="hint">สมาชิกจะได้รับบัญชีที่เปิดอยู่หมุนเวียนกันตามลำดับ</p>
          <span className="spacer" />
          <button type="button" className="btn btn-primary" onClick={() => void add()}>
            เพิ่มบัญชี
          </button>
        </div>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{TABS.find((t) => t.kind === kind)?.label}</caption>
            <thead>
              <tr>
                <th scope="col">ลำดับ</th>
                <th scope="col">{kind === 'bank_accounts' ? 'ธนาคาร / เลขบัญชี' : 'เบอร์วอลเล็ท'}</th>
                <th scope="col">ชื่อบัญชี</th>
                <th scope="col">สถานะ</th>
                <th scope="col">แก้ไขล่าสุด</th>
                <th scope="col">จัดการ</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td className="num">{str(a.sort_order)}</td>
                  <td>
                    {kind === 'bank_accounts' ? (
                      <BankName code={str(a.bank_code)} account={str(a.account_no)} />
                    ) : (
                      str(a.phone)
                    )}
                  </td>
                  <td>{str(a.account_name)}</td>
                  <td>
                    <span className={a.is_active ? 'badge badge-ok' : 'badge badge-danger'}>
                      {a.is_active ? 'เปิด' : 'ปิด'}
                    </span>
                  </td>
                  <td>{formatDateTime(a.updated_at)}</td>
                  <td>
                    <div className="row">
                      <button type="button" className="btn btn-small" onClick={() => void edit(a)}>
                        แก้ไข
                      </button>
                      <button type="button" className="btn btn-small" onClick={() => void toggle(a)}>
                        {a.is_active ? 'ปิด' : 'เปิด'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
              {list.data && rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="empty">
                    ยังไม่มีบัญชี
                  </td>
                </tr>
              )}
              {!list.data && (
                <tr>
                  <td colSpan={6} className="empty">
                    {list.isError ? errorMessage(list.error) : 'กำลังโหลด…'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
      <section className="table-block" aria-labelledby="promptpay-title">
        <div className="row">
          <h2 id="promptpay-title">พร้อมเพย์</h2>
          <span className="spacer" />
          <button
            type="button"
            className="btn btn-primary"
            disabled={promptPayBlocked !== null}
            aria-describedby={promptPayBlocked ? 'promptpay-blocked' : undefined}
            onClick={() => void addPromptPay()}
          >
            เพิ่มพร้อมเพย์
          </button>
        </div>
        {promptPayBlocked && (
          <p className="hint" id="promptpay-blocked" aria-live="polite">
            {promptPayBlocked}
          </p>
        )}
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">ลำดับ</th>
                <th scope="col">ประเภท</th>
                <th scope="col">หมายเลขพร้อมเพย์</th>
                <th scope="col">ชื่อบัญชี</th>
                <th scope="col">สถานะ</th>
                <th scope="col">ดำเนินการ</th>
              </tr>
            </thead>
            <tbody>
              {(setup.data?.promptpay ?? []).map((p) => (
                <tr key={p.id}>
                  <td className="num">{p.sort_order}</td>
                  <td>{p.proxy_type === 'phone' ? 'เบอร์โทร' : 'เลขประจำตัวผู้เสียภาษี'}</td>
                  <td>{p.proxy_id}</td>
                  <td>{p.account_name}</td>
                  <td>
                    <span className={p.is_active ? 'badge badge-ok' : 'badge badge-danger'}>
                      {p.is_active ? 'เปิด' : 'ปิด'}
                    </span>
                  </td>
                  <td>
                    <button type="button" className="btn" onClick={() => void switchPromptPay(p)}>
                      {p.is_active ? 'ปิด' : 'เปิด'}
                    </button>
                  </td>
                </tr>
              ))}
              {setup.data && setup.data.promptpay.length === 0 && (
                <tr>
                  <td colSpan={6} className="empty">
                    ยังไม่มีพร้อมเพย์
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
