import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert } from '../../components/AuthCard';
import { useAction } from '../../lib/action';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  type LineNotify as LineNotifyData,
  type LineNotifySettings,
  lineNotifyKey,
  saveLineNotify,
  useLineNotify,
} from './api';

/** The kinds a member may opt into (docs/rules/connectors.md §5), in the order the profile lists them. */
export const NOTIFY_KINDS = [
  { key: 'deposit', label: 'ฝากเงินเข้าบัญชีแล้ว' },
  { key: 'withdrawal', label: 'โอนเงินถอนให้แล้ว' },
  { key: 'bill', label: 'ผลโพยหวย (ถูกหรือไม่ถูกรางวัล พร้อมยอดเงิน)' },
  { key: 'results', label: 'ผลหวยของตลาดที่ติดตาม' },
  { key: 'announcements', label: 'ประกาศสำคัญจากเว็บไซต์' },
] as const satisfies readonly { key: keyof LineNotifySettings; label: string }[];

/**
 * The profile's LINE messages panel: which pushes a member who linked LINE wants, the markets whose
 * results they follow, and whether messages may carry the balance. Without a link it says how to link.
 */
export function LineNotify({ markets }: { markets: readonly Market[] | undefined }) {
  const { data } = useLineNotify();
  if (!data) return <p className="panel__note">กำลังโหลด…</p>;
  return <LineNotifyForm data={data} markets={markets} />;
}

/** A lottery market a member may follow (the page passes the lobby's). */
export interface Market {
  market_id: number;
  name: string;
}

export function LineNotifyForm({
  data,
  markets = [],
}: {
  data: LineNotifyData;
  markets?: readonly Market[] | undefined;
}) {
  const queryClient = useQueryClient();
  const [s, setS] = useState<LineNotifySettings>(data.settings);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = useAction();
  useEffect(() => setS(data.settings), [data.settings]);

  if (!data.linked)
    return (
      <p className="panel__note" data-testid="line-notify-unlinked">
        เชื่อมบัญชีไลน์ก่อน จึงจะเลือกรับการแจ้งเตือนทางไลน์ได้ เปิดเว็บไซต์จากเมนูในไลน์ของเราแล้วกด “เชื่อมบัญชีไลน์”
      </p>
    );

  const toggleMarket = (id: number, on: boolean) =>
    setS((x) => ({ ...x, markets: on ? [...x.markets, id] : x.markets.filter((m) => m !== id) }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    void run(
      async () => {
        const saved = await saveLineNotify(s);
        queryClient.setQueryData(lineNotifyKey, { ...data, settings: saved });
        toast.success('บันทึกการแจ้งเตือนทางไลน์แล้ว', { duration: 3000 });
      },
      (err) => setProblem(errorMessage(err)),
    );
  }

  return (
    <form className="form line-notify" onSubmit={submit} noValidate data-testid="line-notify">
      <FormAlert message={problem} />
      {!data.following && (
        <p className="panel__note" role="status">
          คุณบล็อกหรือเลิกเป็นเพื่อนกับบัญชีไลน์ของเรา จะไม่ได้รับข้อความจนกว่าจะเพิ่มเพื่อนอีกครั้ง
        </p>
      )}
      <fieldset className="line-notify__group">
        <legend>แจ้งเตือนทางไลน์เมื่อ</legend>
        {NOTIFY_KINDS.map((k) => (
          <label key={k.key} className="line-notify__option">
            <input
              type="checkbox"
              name={k.key}
              checked={s[k.key]}
              onChange={(e) => setS((x) => ({ ...x, [k.key]: e.target.checked }))}
            />
            <span>{k.label}</span>
          </label>
        ))}
      </fieldset>
      {s.results && (
        <fieldset className="line-notify__group line-notify__markets">
          <legend>ตลาดหวยที่ติดตามผล</legend>
          {markets.length === 0 && <p className="panel__note">กำลังโหลดรายชื่อตลาด…</p>}
          {markets.map((m) => (
            <label key={m.market_id} className="line-notify__option">
              <input
                type="checkbox"
                name={`market-${m.market_id}`}
                checked={s.markets.includes(m.market_id)}
                onChange={(e) => toggleMarket(m.market_id, e.target.checked)}
              />
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="line-notify__option">
        <input
          type="checkbox"
          name="show_balance"
          checked={s.show_balance}
          onChange={(e) => setS((x) => ({ ...x, show_balance: e.target.checked }))}
        />
        <span>แสดงยอดเงินคงเหลือในข้อความฝากและถอน (ไม่เลือก: ข้อความจะไม่มียอดเงินคงเหลือ)</span>
      </label>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        บันทึกการแจ้งเตือน
      </button>
    </form>
  );
}
