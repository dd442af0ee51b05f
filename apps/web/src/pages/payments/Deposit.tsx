import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { AmountField } from '../../features/payments/AmountField';
import {
  type Channel,
  createDeposit,
  type Deposit as DepositRequest,
  newIdempotencyKey,
  paymentKeys,
  useChannelInfo,
  useChannels,
  useDepositHistory,
  useDepositPromotions,
  useOpenDeposit,
  usePaymentEvents,
} from '../../features/payments/api';
import { BankInfoBlock, MemberAccountBlock } from '../../features/payments/BankBlock';
import { DepositNotice } from '../../features/payments/DepositNotice';
import { DepositTicket, StatusPill } from '../../features/payments/DepositTicket';
import { useProtection } from '../../features/protection/api';
import { DepositLimits } from '../../features/protection/DepositLimits';
import { useAction } from '../../lib/action';
import { formatDateTime } from '../../lib/dates';
import { useFormErrors } from '../../lib/form-errors';
import { formatBaht } from '../../lib/money';
import { scrollBehavior } from '../../lib/motion';
import { useMinimumPending } from '../../lib/pending';
import { useUi } from '../../stores/ui';
import '../member.css';
import './payments.css';
import { formatNumber } from '../../lib/numbers';

const QUICK = [100, 300, 500, 1000, 5000];

/** A channel's line icon: 26 px, drawn with the text colour. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      {children}
    </svg>
  );
}

function ChannelIcon({ id, sub }: { id: number; sub?: number }) {
  if (id === 3)
    return (
      <LineIcon>
        <rect x="3" y="3" width="7" height="7" rx="1.5" />
        <rect x="14" y="3" width="7" height="7" rx="1.5" />
        <rect x="3" y="14" width="7" height="7" rx="1.5" />
        <path d={sub === 2 ? 'M14 14h3v3h-3zM18 18h3v3h-3z' : 'M14 14h2v2h-2zM18 14h3M14 19h3M20 17v4'} />
      </LineIcon>
    );
  if (id === 2)
    return (
      <LineIcon>
        <rect x="3" y="6" width="18" height="13" rx="2.5" />
        <path d="M16 12.5h2M3 9.5h18M7 3.5h10" />
      </LineIcon>
    );
  return (
    <LineIcon>
      <path d="M3 9.5 12 4l9 5.5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
    </LineIcon>
  );
}

interface Choice {
  channel: Channel;
  sub: number;
}

function choicesOf(channels: Channel[]): Choice[] {
  return channels.flatMap((c) => c.sub_channels.map((s) => ({ channel: c, sub: s.sub_channel_id })));
}

function choiceName(c: Choice): string {
  return c.channel.sub_channels.find((s) => s.sub_channel_id === c.sub)?.name ?? c.channel.name;
}

function DepositForm({ onCreated }: { onCreated: (d: DepositRequest) => void }) {
  const { data: channels, isLoading, isError, error } = useChannels();
  const { data: promos } = useDepositPromotions();
  const choices = choicesOf(channels ?? []);
  const [picked, setPicked] = useState(0);
  const choice = choices[Math.min(picked, Math.max(0, choices.length - 1))];
  const { data: info } = useChannelInfo(choice?.channel.channel_id ?? null);
  const [amount, setAmount] = useState('');
  const [promotionId, setPromotionId] = useState<number | null>(null);
  const { pending, run } = useAction();
  const loading = useMinimumPending(isLoading);
  const errors = useFormErrors();
  const key = useRef<string | null>(null);
  // A promotion picked on /promotions (?promotion=<id>) is chosen here once the list says it may be taken.
  const [params] = useSearchParams();
  const chosenOnPromotions = Number(params.get('promotion')) || null;
  useEffect(() => {
    if (chosenOnPromotions !== null && promos?.items.some((p) => p.id === chosenOnPromotions && p.eligible))
      setPromotionId(chosenOnPromotions);
  }, [chosenOnPromotions, promos]);

  if (loading) return <p className="empty-text">กำลังโหลดช่องทางฝาก…</p>;
  if (isError) return <FormAlert message={error.message} />;
  if (!choice) return <p className="empty-text">ขณะนี้ยังไม่เปิดช่องทางฝากเงิน กรุณาติดต่อเจ้าหน้าที่</p>;

  const min = Number(choice.channel.min);
  const max = Number(choice.channel.max);

  async function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    const n = Number(amount);
    if (!/^\d+$/.test(amount) || n < min || n > max) {
      errors.setField('amount', `กรุณากรอกยอดฝากเป็นจำนวนเต็ม ${formatNumber(min)}–${formatNumber(max)} บาท`);
      return;
    }
    key.current ??= newIdempotencyKey();
    const idempotencyKey = key.current;
    await run(
      async () => {
        const d = await createDeposit({
          channel_id: choice!.channel.channel_id,
          sub_channel_id: choice!.sub,
          amount: n,
          promotion_id: promotionId,
          idempotency_key: idempotencyKey,
        });
        onCreated(d);
      },
      (err) => errors.fromError(err, ['amount']),
    );
    key.current = null;
  }

  const active = promos?.active;
  return (
    <form className="panel deposit-form" onSubmit={submit} noValidate aria-label="ทำรายการฝาก">
      <fieldset className="channel-picker">
        <legend className="section-label">1. เลือกช่องทางฝาก</legend>
        <div className="channel-picker__grid">
          {choices.map((c, i) => (
            <label
              key={`${c.channel.channel_id}-${c.sub}`}
              className={`channel-card${i === picked ? ' is-active' : ''}`}
            >
              <input
                type="radio"
                name="channel"
                className="sr-only"
                checked={i === picked}
                onChange={() => setPicked(i)}
              />
              <span className="channel-card__icon">
                <ChannelIcon id={c.channel.channel_id} sub={c.sub} />
              </span>
              <span className="channel-card__name">{choiceName(c)}</span>
              <span className="channel-card__limit">
                {formatNumber(Number(c.channel.min))}–{formatNumber(Number(c.channel.max))} ฿
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="deposit-form__section">
        <p className="section-label">2. ระบุยอดฝาก</p>
        <AmountField
          label="ยอดฝาก (บาท)"
          min={min}
          value={amount}
          onChange={setAmount}
          quick={QUICK.filter((q) => q >= min && q <= max)}
          error={errors.fields.amount}
          hint={`ฝากได้ครั้งละ ${formatNumber(min)}–${formatNumber(max)} บาท ระบบจะเพิ่มเศษสตางค์ให้ยอดไม่ซ้ำกับผู้อื่น`}
        />
      </div>

      <fieldset className="deposit-form__section promo-picker">
        <legend className="section-label">3. โปรโมชั่น</legend>
        {active ? (
          <p className="promo-active">
            โปรโมชั่น “{active.title}” ทำเทิร์นแล้ว {formatBaht(active.turnover)} /{' '}
            {formatBaht(active.required_turnover)}
          </p>
        ) : null}
        <label className={`promo-option${promotionId === null ? ' is-active' : ''}`}>
          <input
            type="radio"
            name="promotion"
            checked={promotionId === null}
            onChange={() => setPromotionId(null)}
          />
          <span>ไม่รับโปรโมชั่น</span>
        </label>
        {(promos?.items ?? []).map((p) => (
          <label
            key={p.id}
            className={`promo-option${promotionId === p.id ? ' is-active' : ''}${p.eligible ? '' : ' is-disabled'}`}
          >
            <input
              type="radio"
              name="promotion"
              disabled={!p.eligible}
              checked={promotionId === p.id}
              onChange={() => setPromotionId(p.id)}
            />
            <span>
              <strong>{p.title}</strong>
              <small>{p.eligible ? p.description : p.reason}</small>
            </span>
          </label>
        ))}
      </fieldset>

      {info && choice.channel.channel_id !== 3 && (
        <div className="deposit-form__section deposit-notice">
          <p className="section-label">บัญชีรับเงิน</p>
          {info.accounts.slice(0, 1).map((a) => (
            <BankInfoBlock
              key={`${a.kind}-${a.id}`}
              account={a}
              title="ตัวอย่างบัญชีรับเงิน (ระบบจะกำหนดให้เมื่อทำรายการ)"
            />
          ))}
        </div>
      )}
      {info && (
        <MemberAccountBlock
          account={info.member_account}
          title={choice.channel.channel_id === 2 ? 'ต้องโอนจากวอลเล็ทนี้เท่านั้น' : 'ต้องโอนจากบัญชีนี้เท่านั้น'}
          wallet={choice.channel.channel_id === 2}
        />
      )}

      <ul className="rule-list">
        {choice.channel.instructions.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <FormAlert message={errors.form} />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={pending}>
        {pending ? 'กำลังสร้างรายการ…' : choice.channel.channel_id === 3 ? 'สร้าง QR ชำระเงิน' : 'แจ้งฝากเงิน'}
      </button>
    </form>
  );
}

function History() {
  const { data } = useDepositHistory();
  if (!data || data.length === 0) return null;
  return (
    <section className="panel history" aria-label="รายการฝากล่าสุด">
      <h2 className="panel__title">รายการฝากล่าสุด</h2>
      <ul className="history__list">
        {data.map((d) => (
          <li key={d.request_id} className="history__item">
            <div>
              <p className="history__amount">{formatBaht(d.paid_amount ?? d.pay_amount)} ฿</p>
              <p className="history__meta">
                {d.receiving.name} · {formatDateTime(d.created_at)}
              </p>
            </div>
            <StatusPill status={d.status} label={d.status_label} />
          </li>
        ))}
      </ul>
      <Link to="/member/statement?kind=deposit" className="history__more">
        ดูประวัติการเงินทั้งหมด
      </Link>
    </section>
  );
}

export default function Deposit() {
  const queryClient = useQueryClient();
  const { data: open, isLoading } = useOpenDeposit();
  // Player protection is read before the form shows: a time-out, or what a deposit limit leaves.
  const protection = useProtection();
  const [current, setCurrent] = useState<DepositRequest | null>(null);
  const loading = useMinimumPending((isLoading || protection.isLoading) && !current);
  const ticketRef = useRef<HTMLDivElement>(null);
  const scrollToTicket = useRef(false);
  const setUi = useUi((s) => s.set);
  usePaymentEvents();

  // The submit button sits at the foot of a long form: bring the new ticket (amount, QR) into view.
  useEffect(() => {
    if (!current || !scrollToTicket.current) return;
    scrollToTicket.current = false;
    ticketRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [current]);

  useEffect(() => {
    if (open) setCurrent((c) => (c?.request_id === open.request_id ? c : open));
  }, [open]);

  function created(d: DepositRequest) {
    queryClient.setQueryData(paymentKeys.open, d);
    scrollToTicket.current = true;
    setCurrent(d);
  }

  function startOver() {
    setCurrent(null);
    queryClient.setQueryData(paymentKeys.open, null);
    void queryClient.invalidateQueries({ queryKey: ['payment'] });
  }

  return (
    <div className="container member-page payments-page">
      <div className="payments-page__head">
        <h1 className="page-title">ฝากเงิน</h1>
        <div className="payments-page__actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setUi({ depositOpen: true })}
          >
            บัญชีรับฝาก
          </button>
          <Link to="/member/withdraw" className="btn btn--outline btn--sm">
            ถอนเงิน
          </Link>
        </div>
      </div>
      <div className="payments-grid">
        <div ref={ticketRef} className="payments-grid__main">
          {loading ? (
            <p className="empty-text">กำลังโหลด…</p>
          ) : current ? (
            <DepositTicket key={current.request_id} initial={current} onNew={startOver} />
          ) : (
            <>
              {protection.data && <DepositLimits state={protection.data} />}
              {!protection.data?.block && <DepositForm onCreated={created} />}
            </>
          )}
        </div>
        <aside className="payments-aside">
          <History />
          <section className="panel tips">
            <h2 className="panel__title">ข้อควรทราบ</h2>
            <ul className="rule-list">
              <li>ยอดฝากจะเข้ากระเป๋าหลักทันทีที่ระบบยืนยันรายการ</li>
              <li>มีรายการฝากค้างได้ครั้งละ 1 รายการ</li>
              <li>หากโอนแล้วยอดยังไม่เข้าภายใน 15 นาที กรุณาติดต่อเจ้าหน้าที่พร้อมสลิป</li>
            </ul>
          </section>
        </aside>
      </div>
      <DepositNotice />
    </div>
  );
}
