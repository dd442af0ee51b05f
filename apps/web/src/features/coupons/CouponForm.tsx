import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { useAction } from '../../lib/action';
import { useFormErrors } from '../../lib/form-errors';
import { formatBaht, formatSatang, sumBaht } from '../../lib/money';
import { fetchWallets, useWallets, walletsKey } from '../../lib/wallets';
import { couponHistoryKey, type Redeemed, redeemCoupon } from './api';

/** A code is accepted only while every wallet together holds less than this (docs/rules/engagement.md §2), in satang. */
const BALANCE_UNDER = 500;

/**
 * The code field and the result: free credit in the wallet chip at once, or the server's Thai reason
 * (wrong or used code, balance of 5 baht or more, a game or bill waiting, entry locked).
 */
export function CouponForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const { pending, run } = useAction();
  const errors = useFormErrors();
  const [result, setResult] = useState<Redeemed | null>(null);
  const { data: wallets } = useWallets();
  const total = wallets ? sumBaht(wallets.map((w) => w.balance)) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    setResult(null);
    if (code.trim() === '') {
      errors.setField('code', 'กรุณากรอกโค้ดคูปอง');
      return;
    }
    await run(
      async () => {
        setResult(await redeemCoupon(code));
        setCode('');
      },
      (err) => errors.fromError(err, ['code']),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: couponHistoryKey }),
      queryClient.invalidateQueries({ queryKey: ['free-credit'] }),
      queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
    ]);
  }

  return (
    <form className="panel coupon-form" onSubmit={submit} noValidate aria-label="ใช้โค้ดคูปอง">
      {/* The rule that decides most refusals, with the member's own balance, before a code is typed. */}
      <div
        className={`coupon-balance${total !== null && total >= BALANCE_UNDER ? ' coupon-balance--over' : ''}`}
        data-testid="coupon-balance"
      >
        <p>ใช้คูปองได้เมื่อยอดเงินทุกกระเป๋ารวมกันต่ำกว่า 5 บาท และไม่มีเกมหรือโพยหวยที่รอผล</p>
        {total !== null && (
          <p>
            ยอดเงินรวมของคุณตอนนี้ <strong>{formatSatang(total)}</strong> บาท
            {total >= BALANCE_UNDER ? ' จึงยังใช้คูปองไม่ได้' : ''}
          </p>
        )}
      </div>
      <Field
        label="โค้ดคูปอง"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        placeholder="เช่น 7K2M9QX4TB"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={errors.fields.code}
        hint="โค้ด 10 ตัวอักษร ภาษาอังกฤษและตัวเลข"
      />
      <FormAlert message={errors.form} />
      {result && (
        <div
          className={`coupon-result${result.held ? ' coupon-result--held' : ''}`}
          role="status"
          data-testid="coupon-result"
        >
          <p className="coupon-result__amount">
            {result.held ? 'รอตรวจสอบ' : 'ได้รับ'} เครดิตฟรี {formatBaht(result.amount)} ฿
          </p>
          <p>{result.message}</p>
        </div>
      )}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={pending}>
        {pending ? 'กำลังตรวจสอบโค้ด…' : 'ใช้คูปอง'}
      </button>
    </form>
  );
}
