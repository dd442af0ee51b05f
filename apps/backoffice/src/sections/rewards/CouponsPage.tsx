import * as reports from '@chok/contract/routes/admin-rewards';
import * as coupons from '@chok/contract/routes/coupons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { type Column, choiceFilter, DataTable, type Row, timeColumn } from '../../components/DataTable';
import { CouponPreview } from '../../components/Preview';
import { call } from '../../lib/api';
import { formatBaht, formatCount } from '../../lib/format';
import './rewards.css';

/** Columns every coupon table shares: a campaign's or a code's value, its state, how much of its quota is used. */
const amountColumn: Column<{ amount: string }> = {
  key: 'amount',
  header: 'มูลค่า',
  align: 'end',
  cell: (c) => formatBaht(c.amount),
};
const statusColumn: Column<{ status: 'active' | 'disabled' }> = {
  key: 'status',
  header: 'สถานะ',
  cell: (c) => (
    <span className={`badge ${c.status === 'active' ? 'badge-ok' : 'badge-warn'}`}>
      {c.status === 'active' ? 'ใช้ได้' : 'ปิดแล้ว'}
    </span>
  ),
};
const usedColumn: Column<{ used: number; quota: number }> = {
  key: 'used',
  header: 'ใช้แล้ว/สิทธิ์',
  align: 'end',
  cell: (c) => `${formatCount(c.used)} / ${formatCount(c.quota)}`,
};
const claimLabels = { paid: 'ได้รับแล้ว', held: 'รอตรวจสอบ', rejected: 'ไม่อนุมัติ' } as const;
const expiryField = {
  name: 'expires_at',
  label: 'หมดอายุ (เวลาไทย ปปปป-ดด-วว ชช:นน, เว้นว่าง = ไม่หมดอายุ)',
  placeholder: '2026-12-31 23:59',
};
/** The one code an operator may choose, beside the generated ones (docs/rules/engagement.md §2). */
const operatorCodeField = (hint: string) => ({
  name: 'operator_code',
  label: `โค้ดที่ตั้งเอง (ไม่บังคับ) ${hint}`,
  placeholder: 'CHOK100',
});

/** "2026-12-31 23:59" (Bangkok) → ISO with +07:00; empty → null. */
function expiry(text: string | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  return `${t.replace(' ', 'T')}${t.length === 16 ? ':00' : ''}+07:00`;
}

const tabs = [
  { id: 'campaigns', label: 'แคมเปญ' },
  { id: 'codes', label: 'ค้นหาโค้ด' },
  { id: 'uses', label: 'การใช้คูปอง' },
] as const;

/** Coupons (docs/rules/engagement.md §2): campaigns and personal codes, every code and every use. */
export default function CouponsPage() {
  const [tab, setTab] = useState<(typeof tabs)[number]['id']>('campaigns');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [coupons.adminCouponCampaigns, reports.adminCouponCodeSearch, reports.adminCouponUses].map((r) =>
        client.invalidateQueries({ queryKey: ['api', r.path] }),
      ),
    );

  /** The actions column of a campaign or a code: while active, one button that disables it (a danger confirm). */
  const disableColumn = <T extends { status: 'active' | 'disabled' }>(
    label: string,
    message: (row: T) => string,
    action: (row: T) => Promise<unknown>,
    success: string,
  ): Column<T> => ({
    key: 'actions',
    header: 'จัดการ',
    csv: () => '',
    cell: (row) =>
      row.status === 'active' ? (
        <button
          type="button"
          className="btn btn-small btn-danger"
          onClick={() =>
            void confirm({
              title: label,
              message: message(row),
              tone: 'danger',
              confirmLabel: label,
              action: () => action(row),
              success,
            }).then(refresh)
          }
        >
          {label}
        </button>
      ) : (
        '-'
      ),
  });

  const newCampaign = async () => {
    await confirm({
      title: 'สร้างโค้ดแคมเปญ',
      message: 'โค้ดเดียวที่สมาชิกแต่ละคนใช้ได้ครั้งเดียว จนครบจำนวนสิทธิ์',
      confirmLabel: 'สร้างโค้ด',
      fields: [
        { name: 'title', label: 'ชื่อคูปอง', required: true },
        { name: 'amount', label: 'มูลค่า (บาท, เครดิตฟรี)', required: true, inputMode: 'decimal' },
        { name: 'quota', label: 'จำนวนสิทธิ์ทั้งหมด', required: true, inputMode: 'numeric' },
        operatorCodeField('อักษรอังกฤษหรือตัวเลข 4–20 ตัว สมาชิกพิมพ์ตัวเล็กหรือใหญ่ก็ได้ นับรวมในจำนวนสิทธิ์'),
        expiryField,
      ],
      preview: (v) => <CouponPreview title={v.title ?? ''} amount={v.amount ?? ''} />,
      action: (v) =>
        call(coupons.adminCreateCouponCampaign, {
          title: v.title ?? '',
          amount: v.amount ?? '',
          quota: v.quota ?? '',
          expires_at: expiry(v.expires_at),
          operator_code: v.operator_code ?? '',
        } as never),
      success: (c) => {
        const made = c as { code: string | null; operator_code: string | null };
        return `สร้างโค้ด ${[made.operator_code, made.code].filter(Boolean).join(' และ ')} แล้ว`;
      },
    });
    await refresh();
  };

  const newPersonal = async () => {
    await confirm({
      title: 'สร้างโค้ดส่วนตัว',
      message: 'หนึ่งโค้ดต่อสมาชิกหนึ่งคน ใช้ได้ครั้งเดียว',
      confirmLabel: 'สร้างโค้ด',
      fields: [
        { name: 'title', label: 'ชื่อคูปอง', required: true },
        { name: 'amount', label: 'มูลค่า (บาท, เครดิตฟรี)', required: true, inputMode: 'decimal' },
        {
          name: 'member_ids',
          label: 'รหัสสมาชิก (คั่นด้วยจุลภาคหรือขึ้นบรรทัดใหม่)',
          type: 'textarea',
          required: true,
        },
        operatorCodeField('ให้สมาชิกในรายชื่อพิมพ์แทนโค้ดของตัวเองได้'),
        expiryField,
      ],
      preview: (v) => <CouponPreview title={v.title ?? ''} amount={v.amount ?? ''} />,
      action: (v) =>
        call(coupons.adminCreatePersonalCoupons, {
          title: v.title ?? '',
          amount: v.amount ?? '',
          member_ids: (v.member_ids ?? '').split(/[\s,]+/).filter(Boolean),
          expires_at: expiry(v.expires_at),
          operator_code: v.operator_code ?? '',
        } as never),
      success: (r) => `สร้างโค้ดส่วนตัว ${formatCount((r as { codes: unknown[] }).codes.length)} โค้ดแล้ว`,
    });
    await refresh();
  };

  return (
    <>
      <h1>คูปอง</h1>
      <div className="tabs" role="tablist" aria-label="มุมมองคูปอง">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`coupon-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`coupon-panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`coupon-panel-${tab}`} aria-labelledby={`coupon-tab-${tab}`}>
        {tab === 'campaigns' && (
          <DataTable
            route={coupons.adminCouponCampaigns}
            caption="แคมเปญคูปอง"
            rowKey={(c) => c.id}
            toolbar={
              <>
                <button type="button" className="btn btn-primary" onClick={() => void newCampaign()}>
                  สร้างโค้ดแคมเปญ
                </button>
                <button type="button" className="btn" onClick={() => void newPersonal()}>
                  สร้างโค้ดส่วนตัว
                </button>
              </>
            }
            columns={[
              { key: 'id', header: 'รหัส' },
              { key: 'title', header: 'ชื่อ' },
              { key: 'kind', header: 'ชนิด', cell: (c) => (c.kind === 'campaign' ? 'แคมเปญ' : 'ส่วนตัว') },
              {
                key: 'code',
                header: 'โค้ด',
                csv: (c) => [c.operator_code, c.code].filter(Boolean).join(' '),
                cell: (c) => (
                  <>
                    {c.operator_code && <strong className="operator-code">{c.operator_code}</strong>}
                    {c.operator_code && ' '}
                    {c.code ?? `${formatCount(c.codes)} โค้ด`}
                  </>
                ),
              },
              amountColumn,
              usedColumn,
              timeColumn('expires_at', 'หมดอายุ'),
              statusColumn,
              disableColumn<Row<typeof coupons.adminCouponCampaigns>>(
                'ปิดแคมเปญ',
                (c) => `ปิด "${c.title}" โค้ดทั้งหมดของแคมเปญนี้จะใช้ไม่ได้อีก`,
                (c) => call(coupons.adminDisableCouponCampaign, { id: c.id }),
                'ปิดแคมเปญแล้ว',
              ),
            ]}
          />
        )}
        {tab === 'codes' && (
          <DataTable
            route={reports.adminCouponCodeSearch}
            caption="โค้ดคูปอง"
            rowKey={(c) => c.id}
            filters={[
              { name: 'code', label: 'โค้ด (ขึ้นต้นด้วย)' },
              { name: 'phone', label: 'เบอร์โทรสมาชิก' },
              { name: 'campaign_id', label: 'รหัสแคมเปญ' },
              choiceFilter('status', 'สถานะ', { active: 'ใช้ได้', disabled: 'ปิดแล้ว' }),
            ]}
            columns={[
              { key: 'code', header: 'โค้ด' },
              { key: 'campaign_title', header: 'แคมเปญ' },
              { key: 'member_phone', header: 'สมาชิก', cell: (c) => c.member_phone ?? 'ทุกคน' },
              amountColumn,
              usedColumn,
              statusColumn,
              disableColumn<Row<typeof reports.adminCouponCodeSearch>>(
                'ปิดโค้ด',
                (c) => `ปิดโค้ด ${c.code} จะใช้โค้ดนี้ไม่ได้อีก`,
                (c) => call(coupons.adminDisableCouponCode, { id: c.id }),
                'ปิดโค้ดแล้ว',
              ),
            ]}
          />
        )}
        {tab === 'uses' && (
          <DataTable
            route={reports.adminCouponUses}
            caption="การใช้คูปอง"
            rowKey={(u) => u.id}
            filters={[
              { name: 'phone', label: 'เบอร์โทรสมาชิก' },
              { name: 'campaign_id', label: 'รหัสแคมเปญ' },
            ]}
            columns={[
              timeColumn('used_at', 'เวลา'),
              { key: 'code', header: 'โค้ด' },
              { key: 'campaign_title', header: 'แคมเปญ' },
              { key: 'phone', header: 'สมาชิก' },
              amountColumn,
              { key: 'status', header: 'สถานะเครดิต', cell: (u) => claimLabels[u.status] },
            ]}
          />
        )}
      </div>
    </>
  );
}
