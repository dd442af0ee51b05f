import * as promo from '@chok/contract/routes/promotions';
import { confirm } from '../../components/ConfirmDialog';
import { call, type Data } from '../../lib/api';
import { orNull, useListEditor, wholeOr } from '../../lib/editor';
import { formatBaht, formatCount } from '../../lib/format';
import { EditorForm, SimpleTable } from './SimpleTable';

type Promotion = Data<typeof promo.adminPromotions>[number];

const statusLabels = { active: 'เปิดรับ', replaced: 'ถูกแทนด้วยเวอร์ชันใหม่', ended: 'สิ้นสุดแล้ว', inactive: 'ปิดอยู่' };
const kinds = [
  { value: 'percent', label: 'เปอร์เซ็นต์ของยอดฝาก' },
  { value: 'fixed', label: 'โบนัสคงที่' },
];
const eligibilities = [
  { value: 'first_of_day', label: 'ฝากครั้งแรกของวัน' },
  { value: 'first_ever', label: 'ฝากครั้งแรก (สมาชิกใหม่)' },
  { value: 'every', label: 'ทุกยอดฝาก' },
];

type Field =
  | 'title'
  | 'description'
  | 'image'
  | 'terms'
  | 'sort_order'
  | 'kind'
  | 'percent'
  | 'fixed_bonus'
  | 'cap'
  | 'min_deposit'
  | 'turnover_multiplier'
  | 'eligibility'
  | 'max_withdraw'
  | 'expiry_days';
type Values = Record<Field, string>;

const blank: Values = {
  title: '',
  description: '',
  image: '',
  terms: '',
  sort_order: '0',
  kind: 'percent',
  percent: '',
  fixed_bonus: '',
  cap: '',
  min_deposit: '100.00',
  turnover_multiplier: '5',
  eligibility: 'first_of_day',
  max_withdraw: '',
  expiry_days: '7',
};

function valuesOf(p: Promotion): Values {
  const r = p.rules;
  return {
    title: p.title,
    description: p.description,
    image: p.image ?? '',
    terms: p.terms,
    sort_order: String(p.sort_order),
    kind: r?.kind ?? 'percent',
    percent: r?.percent === null || r?.percent === undefined ? '' : String(r.percent),
    fixed_bonus: r?.fixed_bonus ?? '',
    cap: r?.cap ?? '',
    min_deposit: r?.min_deposit ?? '100.00',
    turnover_multiplier: String(r?.turnover_multiplier ?? 5),
    eligibility: r?.eligibility ?? 'first_of_day',
    max_withdraw: r?.max_withdraw ?? '',
    expiry_days: String(r?.expiry_days ?? 7),
  };
}

function bodyOf(v: Values) {
  return {
    title: v.title,
    description: v.description,
    image: orNull(v.image),
    terms: v.terms,
    sort_order: wholeOr(v.sort_order),
    kind: v.kind,
    percent: v.kind === 'percent' ? (orNull(v.percent) === null ? null : wholeOr(v.percent)) : null,
    fixed_bonus: v.kind === 'fixed' ? orNull(v.fixed_bonus) : null,
    cap: v.kind === 'percent' ? orNull(v.cap) : null,
    min_deposit: v.min_deposit,
    turnover_multiplier: wholeOr(v.turnover_multiplier),
    eligibility: v.eligibility,
    max_withdraw: orNull(v.max_withdraw),
    expiry_days: wholeOr(v.expiry_days),
  };
}

/** The promotion card as the member's promotions page draws it. */
function PromotionPreview({ v, lines }: { v: Values; lines: readonly string[] | null }) {
  return (
    <section aria-label="ตัวอย่างบนหน้าโปรโมชั่นของสมาชิก">
      <h2>ตัวอย่างบนหน้าโปรโมชั่นของสมาชิก</h2>
      <div className="member-preview" data-testid="member-preview">
        <article className="mp-promo">
          {v.image && <img className="mp-promo__image" src={v.image} alt="" />}
          <div className="mp-promo__body">
            <div className="mp-promo__head">
              <h3 className="mp-promo__title">{v.title || 'ชื่อโปรโมชั่น'}</h3>
              <span className="mp-pill">รับได้</span>
            </div>
            {v.description && <p>{v.description}</p>}
            {lines ? (
              <ul className="mp-rules">
                {lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            ) : (
              <p className="mp-muted">เงื่อนไขเป็นภาษาไทยจะแสดงตามที่ระบบสรุปหลังบันทึก</p>
            )}
            {v.terms && <p className="mp-promo__terms">{v.terms}</p>}
            <span className="mp-btn">รับโปรนี้ แล้วฝากเงิน</span>
          </div>
        </article>
      </div>
    </section>
  );
}

/** Deposit promotions (docs/rules/engagement.md §1): create, edit as a new version, end. */
export default function PromotionsPage() {
  const editor = useListEditor(
    { list: promo.adminPromotions, create: promo.adminCreatePromotion, update: promo.adminPromotionVersion },
    { create: 'สร้างโปรโมชั่นแล้ว', update: (p) => `บันทึกเป็นเวอร์ชัน ${p.version} แล้ว` },
    blank,
    valuesOf,
  );
  const { list, editing, values, pick } = editor;

  const ask = {
    title: editing ? 'บันทึกเป็นเวอร์ชันใหม่' : 'สร้างโปรโมชั่น',
    message: editing
      ? 'เวอร์ชันใหม่จะเปิดรับแทนเวอร์ชันเดิมทันที สมาชิกที่รับเวอร์ชันเดิมไปแล้วยังใช้เงื่อนไขเดิม'
      : `สร้าง "${values.title}" และเปิดรับทันที`,
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    editor.send(bodyOf(values));
  };

  const end = (p: Promotion) =>
    confirm({
      title: 'สิ้นสุดโปรโมชั่น',
      message: `หยุดเปิดรับ "${p.title}" สมาชิกที่กำลังเล่นโปรนี้ (${formatCount(p.running)} คน) ยังใช้เงื่อนไขเดิมจนจบ`,
      tone: 'danger',
      confirmLabel: 'สิ้นสุดโปรโมชั่น',
      action: () => call(promo.adminEndPromotion, { id: p.id }),
      success: 'สิ้นสุดโปรโมชั่นแล้ว',
    }).then(() => list.refetch());

  const fields: { name: Field; label: string; hint?: string; options?: typeof kinds; textarea?: boolean }[] =
    [
      { name: 'title', label: 'ชื่อโปรโมชั่น' },
      { name: 'kind', label: 'ประเภทโบนัส', options: kinds },
      ...(values.kind === 'percent'
        ? [
            { name: 'percent' as const, label: 'โบนัส (%)' },
            { name: 'cap' as const, label: 'โบนัสสูงสุด (บาท, ไม่บังคับ)' },
          ]
        : [{ name: 'fixed_bonus' as const, label: 'โบนัส (บาท)' }]),
      { name: 'min_deposit', label: 'ฝากขั้นต่ำ (บาท)' },
      { name: 'turnover_multiplier', label: 'ทำเทิร์น (เท่าของยอดฝาก+โบนัส)' },
      { name: 'eligibility', label: 'รับได้เมื่อ', options: eligibilities },
      { name: 'max_withdraw', label: 'ถอนได้สูงสุด (บาท, เว้นว่าง = ไม่จำกัด)' },
      { name: 'expiry_days', label: 'หมดอายุใน (วัน)' },
      { name: 'sort_order', label: 'ลำดับ' },
      { name: 'image', label: 'ที่อยู่รูปภาพ (ไม่บังคับ)' },
      { name: 'description', label: 'รายละเอียด', textarea: true },
      { name: 'terms', label: 'ข้อกำหนดเพิ่มเติม', textarea: true },
    ];

  return (
    <>
      <h1>โปรโมชั่นเงินฝาก</h1>
      <SimpleTable
        caption="โปรโมชั่น"
        rows={list.data}
        error={list.error}
        rowKey={(p) => p.id}
        columns={[
          { header: 'ชื่อ', cell: (p) => p.title },
          { header: 'เวอร์ชัน', cell: (p) => p.version, align: 'end' },
          {
            header: 'โบนัส',
            cell: (p) =>
              p.rules
                ? p.rules.kind === 'percent'
                  ? `${p.rules.percent}%`
                  : `${formatBaht(p.rules.fixed_bonus)} บาท`
                : '-',
          },
          { header: 'รับไปแล้ว', cell: (p) => formatCount(p.taken), align: 'end' },
          { header: 'กำลังเล่น', cell: (p) => formatCount(p.running), align: 'end' },
          {
            header: 'สถานะ',
            cell: (p) => (
              <span className={`badge ${p.status === 'active' ? 'badge-ok' : 'badge-warn'}`}>
                {statusLabels[p.status]}
              </span>
            ),
          },
          {
            header: 'จัดการ',
            cell: (p) =>
              p.status === 'active' || p.status === 'inactive' ? (
                <div className="row">
                  <button type="button" className="btn btn-small" onClick={() => pick(p)}>
                    แก้ไข
                  </button>
                  <button type="button" className="btn btn-small btn-danger" onClick={() => void end(p)}>
                    สิ้นสุด
                  </button>
                </div>
              ) : (
                '-'
              ),
          },
        ]}
      />
      <div className="editor">
        <EditorForm
          editor={editor}
          ask={ask}
          onSubmit={submit}
          className="card"
          title={editing ? `แก้ไข "${editing.title}" (สร้างเวอร์ชันใหม่)` : 'สร้างโปรโมชั่นใหม่'}
          saveLabel={editing ? 'บันทึกเป็นเวอร์ชันใหม่' : 'สร้างโปรโมชั่น'}
          fields={fields}
        />
        <PromotionPreview v={values} lines={editing?.rules?.lines ?? null} />
      </div>
    </>
  );
}
