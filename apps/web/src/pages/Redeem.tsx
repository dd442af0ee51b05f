import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pager } from '../components/Pager';
import {
  type Quote,
  type Redeemed,
  requestQuote,
  type ShopItem,
  shopKeys,
  useShopHistory,
  useShopList,
} from '../features/shop/api';
import { formatPoints } from '../features/shop/format';
import { ItemCard } from '../features/shop/ItemCard';
import { OrderList } from '../features/shop/OrderList';
import { QuoteDialog } from '../features/shop/QuoteDialog';
import { errorMessage } from '../lib/api';
import { useMinimumPending } from '../lib/pending';
import { fetchPoints, pointsKey } from '../lib/points';
import { toast } from '../lib/toast';
import { fetchWallets, walletsKey } from '../lib/wallets';
import '../features/shop/shop.css';
import './member.css';
import { LoadState } from '../components/LoadState';

type Tab = 'items' | 'history';
const TABS: [Tab, string][] = [
  ['items', 'ของรางวัล'],
  ['history', 'ประวัติการแลก'],
];

/**
 * แลกของรางวัล (/redeem), docs/rules/engagement.md §8: the items with their price in points and stock,
 * the member's points, a quantity → a 60-second quote to confirm → the redeem; and the history.
 */
export default function Redeem() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'items';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useShopList();
  const history = useShopHistory(page, tab === 'history');
  const [asked, setAsked] = useState<{ item: ShopItem; quantity: number } | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const quotePending = useMinimumPending(quoting);
  const listLoading = useMinimumPending(list.isLoading);
  const items = listLoading ? undefined : list.data?.items;
  const historyLoading = useMinimumPending(history.isLoading);
  const orders = historyLoading ? undefined : history.data;

  const points = list.data?.point ?? 0;

  function go(next: { tab?: Tab; page?: number }) {
    const p = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t === 'history') p.set('tab', 'history');
    if (t === 'history' && (next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  }

  async function ask(item: ShopItem, quantity: number) {
    setQuoting(true);
    setAsked({ item, quantity });
    try {
      setQuote(await requestQuote(item.id, quantity));
    } catch (err) {
      toast.error(errorMessage(err), { duration: 4000 });
      void queryClient.invalidateQueries({ queryKey: shopKeys.list });
    } finally {
      setQuoting(false);
    }
  }

  async function redeemed(r: Redeemed) {
    toast.success(r.order.reward_status === 'held' ? 'แลกแต้มแล้ว รอตรวจสอบ' : 'แลกของรางวัลสำเร็จ', {
      duration: 3000,
    });
    // The header's wallet chip and points, this page's items and the history all change.
    await Promise.all([
      queryClient.fetchQuery({ queryKey: walletsKey, queryFn: fetchWallets, staleTime: 0 }),
      queryClient.fetchQuery({ queryKey: pointsKey, queryFn: fetchPoints, staleTime: 0 }),
      queryClient.invalidateQueries({ queryKey: shopKeys.all }),
    ]).catch(() => undefined);
  }

  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.per_page)) : 1;

  return (
    <div className="container member-page shop-page">
      <h1 className="page-title">แลกของรางวัล</h1>
      <section className="panel shop-points" aria-label="แต้มสะสม">
        <p className="shop-points__label">แต้มสะสมของคุณ</p>
        <p className="shop-points__value">
          <span data-testid="shop-points">{list.data ? formatPoints(points) : '–'}</span> แต้ม
        </p>
        <p className="shop-points__hint">ทุกยอดเล่น 100 บาทได้รับ 1 แต้ม · แลกได้ไม่เกิน 5 ชิ้นต่อรายการต่อเดือน</p>
      </section>

      <div className="shop-tabs" role="tablist" aria-label="แลกของรางวัล">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`shop-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`shop-panel-${key}`}
            className={`shop-tab${tab === key ? ' is-active' : ''}`}
            onClick={() => go({ tab: key })}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === 'items' && (
        <section id="shop-panel-items" role="tabpanel" aria-labelledby="shop-tab-items">
          <LoadState loading={listLoading} error={list.error} text="กำลังโหลดของรางวัล…" />
          {items && items.length === 0 && <p className="empty-text">ยังไม่มีของรางวัลให้แลกในขณะนี้</p>}
          <div className="shop-grid">
            {items?.map((item) => (
              <ItemCard key={item.id} item={item} points={points} busy={quotePending} onRedeem={ask} />
            ))}
          </div>
        </section>
      )}

      {tab === 'history' && (
        <section id="shop-panel-history" role="tabpanel" aria-labelledby="shop-tab-history" className="panel">
          <LoadState loading={historyLoading} error={history.error} text="กำลังโหลดประวัติ…" />
          {orders && orders.items.length === 0 && <p className="empty-text">ยังไม่มีประวัติการแลกของรางวัล</p>}
          {orders && orders.items.length > 0 && <OrderList orders={orders.items} />}
          {orders && pages > 1 && (
            <Pager page={page} pages={pages} label="เปลี่ยนหน้า" onPage={(n) => go({ page: n })} />
          )}
        </section>
      )}

      <QuoteDialog
        quote={quote}
        requoting={quotePending}
        onRequote={() => asked && void ask(asked.item, asked.quantity)}
        onRedeemed={redeemed}
        onClose={() => {
          setQuote(null);
          setAsked(null);
        }}
      />
    </div>
  );
}
