import * as adminLotto from '@chok/contract/routes/admin-lotto';
import { useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { call, type Data, errorMessage, fieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { BET_TYPES, type BetType, betTypeLabel, limitLabel } from './labels';
import './lotto.css';
import { BetTypeOptions } from './BetTypeOptions';

type Market = Data<typeof adminLotto.adminMarkets>['items'][number];
type Template = Data<typeof adminLotto.adminTemplates>['items'][number];
type Action = 'closed' | 'reduced_rate' | 'capped';
type LimitDraft = { bet_type: BetType; number: string; action: Action; rate: string; cap: string };

/**
 * Rate and เลขอั้น templates (docs/rules/lottery.md §3, §4): per market, a rate package and a list of
 * restricted numbers; the market's active template is applied by the scheduler to every round it creates.
 */
export default function TemplatesPage() {
  const id = useId();
  const markets = useApi(adminLotto.adminMarkets, { page_size: 200 });
  const [marketId, setMarketId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const market = markets.data?.items.find((m) => m.market_id === marketId) ?? markets.data?.items[0];
  const templates = useApi(adminLotto.adminTemplates, market ? { market_id: market.market_id } : {}, {
    enabled: Boolean(market),
  });
  if (markets.isLoading) return <p className="loading">กำลังโหลด…</p>;
  if (!market) return <p className="form-error">{errorMessage(markets.error)}</p>;

  const remove = async (t: Template) => {
    const ok = await confirm({
      title: 'ลบแม่แบบ',
      message: `ลบแม่แบบ "${t.name}" ของ${t.market_name} งวดที่สร้างไปแล้วยังใช้ค่าเดิม`,
      tone: 'danger',
      confirmLabel: 'ลบแม่แบบ',
      action: () => call(adminLotto.adminDeleteTemplate, { id: t.id }),
      success: 'ลบแม่แบบแล้ว',
    });
    if (ok) {
      setEditing(null);
      await templates.refetch();
    }
  };

  return (
    <>
      <h1>แม่แบบอัตราจ่ายและเลขอั้น</h1>
      <p className="hint">
        แม่แบบที่ใช้งานอยู่ของแต่ละตลาดจะถูกนำไปใช้กับงวดใหม่ที่ระบบสร้างให้โดยอัตโนมัติ ไม่ต้องตั้งอัตราจ่ายและเลขอั้นซ้ำทุกงวด
        งวดที่สร้างไปแล้วไม่เปลี่ยน
      </p>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${id}-market`}>ตลาด</label>
          <select
            id={`${id}-market`}
            value={market.market_id}
            onChange={(e) => {
              setMarketId(Number(e.target.value));
              setEditing(null);
            }}
          >
            {markets.data?.items.map((m) => (
              <option key={m.market_id} value={m.market_id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section className="table-block" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>แม่แบบของ{market.name}</h2>
        {templates.data && templates.data.items.length === 0 && <p className="hint">ยังไม่มีแม่แบบ</p>}
        {templates.data && templates.data.items.length > 0 && (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">แม่แบบของ{market.name}</caption>
              <thead>
                <tr>
                  <th scope="col">ชื่อ</th>
                  <th scope="col">สถานะ</th>
                  <th scope="col">อัตราจ่ายที่ต่างจากตลาด</th>
                  <th scope="col">เลขอั้น</th>
                  <th scope="col">แก้ไขล่าสุด</th>
                  <th scope="col">จัดการ</th>
                </tr>
              </thead>
              <tbody>
                {templates.data.items.map((t) => (
                  <tr key={t.id}>
                    <td>{t.name}</td>
                    <td>
                      {t.is_active ? (
                        <span className="badge badge-ok">ใช้กับงวดใหม่</span>
                      ) : (
                        <span className="badge">ไม่ใช้งาน</span>
                      )}
                    </td>
                    <td>
                      {Object.entries(t.rates ?? {})
                        .map(([k, v]) => `${betTypeLabel[k as BetType]} ${v?.rate ?? ''}`)
                        .join(', ') || '-'}
                    </td>
                    <td>{t.number_limits.length}</td>
                    <td>
                      {formatDateTime(t.updated_at)} {t.updated_by ?? ''}
                    </td>
                    <td>
                      <div className="row">
                        <button type="button" className="btn btn-small" onClick={() => setEditing(t)}>
                          แก้ไข {t.name}
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => void remove(t)}
                        >
                          ลบ {t.name}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          สร้างแม่แบบใหม่
        </button>
      </section>
      {editing && (
        <TemplateEditor
          key={`${market.market_id}-${editing === 'new' ? 'new' : editing.id}`}
          market={market}
          template={editing === 'new' ? null : editing}
          onSaved={async () => {
            setEditing(null);
            await templates.refetch();
          }}
        />
      )}
    </>
  );
}

function TemplateEditor(props: { market: Market; template: Template | null; onSaved: () => Promise<void> }) {
  const id = useId();
  const { market, template } = props;
  const types = BET_TYPES.filter((t) => market.rates[t]?.enabled);
  const [name, setName] = useState(template?.name ?? '');
  const [active, setActive] = useState(template?.is_active ?? true);
  const [rates, setRates] = useState<Partial<Record<BetType, string>>>(() =>
    Object.fromEntries(
      Object.entries(template?.rates ?? {}).flatMap(([k, v]) => (v?.rate ? [[k, v.rate]] : [])),
    ),
  );
  const [limits, setLimits] = useState<LimitDraft[]>(
    () =>
      template?.number_limits.map((l) => ({
        bet_type: l.bet_type,
        number: l.number,
        action: l.action,
        rate: l.rate ?? '',
        cap: l.cap === null ? '' : String(l.cap),
      })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const setLimit = (i: number, patch: Partial<LimitDraft>) =>
    setLimits(limits.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const save = async () => {
    setErrors({});
    setFormError('');
    try {
      await call(adminLotto.adminSaveTemplate, {
        ...(template ? { id: template.id } : {}),
        market_id: market.market_id,
        name,
        is_active: active,
        // Only the rates typed in differ from the market's; an emptied rate goes back to the market's.
        rates: Object.fromEntries(
          Object.entries(rates)
            .filter(([, v]) => v && v.trim() !== '')
            .map(([k, v]) => [k, { rate: v!.trim() }]),
        ),
        number_limits: limits.map((l) => ({
          bet_type: l.bet_type,
          number: l.number.trim(),
          action: l.action,
          ...(l.action === 'reduced_rate' && l.rate.trim() ? { rate: l.rate.trim() } : {}),
          ...(l.action === 'capped' ? { cap: Number(l.cap) } : {}),
        })),
      });
      await props.onSaved();
    } catch (err) {
      setErrors(fieldErrors(err));
      setFormError(errorMessage(err));
    }
  };

  return (
    <section className="table-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{template ? `แก้ไขแม่แบบ ${template.name}` : `แม่แบบใหม่ของ${market.name}`}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-name`}>ชื่อแม่แบบ</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={80}
              aria-invalid={errors.name ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {errors.name && <span className="field-error">{errors.name}</span>}
          </div>
          <label className="check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
            ใช้กับงวดใหม่ของตลาดนี้
          </label>
        </div>
        <h3>อัตราจ่าย (บาทละ) เว้นว่างเพื่อใช้อัตราของตลาด</h3>
        <div className="filters">
          {types.map((t) => (
            <div className="field" key={t}>
              <label htmlFor={`${id}-rate-${t}`}>{betTypeLabel[t]}</label>
              <input
                id={`${id}-rate-${t}`}
                className="rate-input"
                inputMode="decimal"
                placeholder={market.rates[t]?.rate}
                value={rates[t] ?? ''}
                aria-invalid={errors[`rates.${t}.rate`] ? true : undefined}
                onChange={(e) => setRates({ ...rates, [t]: e.target.value })}
              />
              <span className="hint">
                {errors[`rates.${t}.rate`] ?? `ตลาด ${market.rates[t]?.rate ?? '-'}`}
              </span>
            </div>
          ))}
        </div>
        <h3>เลขอั้น</h3>
        {limits.length === 0 && <p className="hint">ยังไม่มีเลขอั้นในแม่แบบนี้</p>}
        {limits.map((l, i) => {
          const err = errors[`number_limits.${i}.number`] ?? errors[`number_limits.${i}.cap`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id yet
            <div className="filters" key={i}>
              <div className="field">
                <label htmlFor={`${id}-lt-${i}`}>ประเภท</label>
                <select
                  id={`${id}-lt-${i}`}
                  value={l.bet_type}
                  onChange={(e) => setLimit(i, { bet_type: e.target.value as BetType })}
                >
                  <BetTypeOptions types={types} />
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-ln-${i}`}>เลข</label>
                <input
                  id={`${id}-ln-${i}`}
                  className="rate-input"
                  inputMode="numeric"
                  value={l.number}
                  aria-invalid={err ? true : undefined}
                  onChange={(e) => setLimit(i, { number: e.target.value })}
                />
                {err && <span className="field-error">{err}</span>}
              </div>
              <div className="field">
                <label htmlFor={`${id}-la-${i}`}>การอั้น</label>
                <select
                  id={`${id}-la-${i}`}
                  value={l.action}
                  onChange={(e) => setLimit(i, { action: e.target.value as Action })}
                >
                  {(['closed', 'reduced_rate', 'capped'] as const).map((a) => (
                    <option key={a} value={a}>
                      {limitLabel[a]}
                    </option>
                  ))}
                </select>
              </div>
              {l.action === 'reduced_rate' && (
                <div className="field">
                  <label htmlFor={`${id}-lr-${i}`}>บาทละ (เว้นว่าง = ครึ่งหนึ่ง)</label>
                  <input
                    id={`${id}-lr-${i}`}
                    className="rate-input"
                    inputMode="decimal"
                    value={l.rate}
                    onChange={(e) => setLimit(i, { rate: e.target.value })}
                  />
                </div>
              )}
              {l.action === 'capped' && (
                <div className="field">
                  <label htmlFor={`${id}-lc-${i}`}>รับสูงสุด (บาท)</label>
                  <input
                    id={`${id}-lc-${i}`}
                    className="rate-input"
                    inputMode="numeric"
                    value={l.cap}
                    onChange={(e) => setLimit(i, { cap: e.target.value })}
                  />
                </div>
              )}
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setLimits(limits.filter((_, j) => j !== i))}
              >
                {l.number ? `ลบเลข ${l.number}` : 'ลบแถวนี้'}
              </button>
            </div>
          );
        })}
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() =>
              setLimits([
                ...limits,
                { bet_type: types[0] ?? 'two_top', number: '', action: 'closed', rate: '', cap: '' },
              ])
            }
          >
            เพิ่มเลขอั้น
          </button>
          <button type="submit" className="btn btn-primary">
            บันทึกแม่แบบ
          </button>
        </div>
      </form>
    </section>
  );
}
