import * as shop from '@chok/contract/routes/shop';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { choiceFilter, DataTable, timeColumn } from '../../components/DataTable';
import { call, type Data } from '../../lib/api';
import { formatCount } from '../../lib/format';
import './rewards.css';

type Order = Data<typeof shop.adminShopOrders>['items'][number];

/** Goods orders from the point shop (docs/rules/engagement.md §8): ship, deliver or cancel with a refund. */
export default function ShopOrdersPage() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['api', shop.adminShopOrders.path] });
  const ship = (o: Order) =>
    confirm({
      title: 'จัดส่งแล้ว',
      message: `คำสั่ง #${o.id} ${o.title} ถึง ${o.ship_name ?? '-'}`,
      confirmLabel: 'บันทึกว่าจัดส่งแล้ว',
      fields: [{ name: 'tracking', label: 'เลขพัสดุ (ไม่บังคับ)' }],
      action: (v) =>
        call(shop.adminShipShopOrder, { id: o.id, ...(v.tracking ? { tracking: v.tracking } : {}) }),
      success: 'บันทึกการจัดส่งแล้ว',
    }).then(refresh);
  const deliver = (o: Order) =>
    confirm({
      title: 'ได้รับของแล้ว',
      message: `คำสั่ง #${o.id} ${o.title}`,
      confirmLabel: 'บันทึกว่าได้รับแล้ว',
      action: () => call(shop.adminDeliverShopOrder, { id: o.id }),
      success: 'บันทึกว่าได้รับแล้ว',
    }).then(refresh);
  const cancel = (o: Order) =>
    confirm({
      title: 'ยกเลิกคำสั่งแลก',
      message: `ยกเลิกคำสั่ง #${o.id} และคืน ${formatCount(o.points)} แต้มให้สมาชิก`,
      tone: 'danger',
      confirmLabel: 'ยกเลิกและคืนแต้ม',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(shop.adminCancelShopOrder, { id: o.id, reason: v.reason ?? '' }),
      success: 'ยกเลิกและคืนแต้มแล้ว',
    }).then(refresh);

  return (
    <>
      <h1>คำสั่งแลกของรางวัล</h1>
      <DataTable
        route={shop.adminShopOrders}
        caption="คำสั่งแลกสินค้า"
        rowKey={(o) => o.id}
        query={{ kind: 'goods' }}
        initialFilters={{ status: 'requested' }}
        filters={[
          choiceFilter('status', 'สถานะ', {
            requested: 'รอจัดส่ง',
            shipped: 'จัดส่งแล้ว',
            delivered: 'ได้รับแล้ว',
            cancelled: 'ยกเลิก',
          }),
        ]}
        columns={[
          { key: 'id', header: 'เลขที่' },
          timeColumn('created_at', 'เวลา'),
          { key: 'phone', header: 'สมาชิก' },
          { key: 'title', header: 'ของรางวัล', cell: (o) => `${o.title} × ${o.quantity}` },
          { key: 'points', header: 'แต้ม', align: 'end', cell: (o) => formatCount(o.points) },
          {
            key: 'ship',
            header: 'ที่อยู่จัดส่ง',
            cell: (o) => `${o.ship_name ?? ''} ${o.ship_phone ?? ''} ${o.ship_address ?? ''}`.trim() || '-',
          },
          { key: 'tracking', header: 'เลขพัสดุ', cell: (o) => o.tracking ?? '-' },
          { key: 'status_label', header: 'สถานะ' },
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (o) => (
              <div className="row">
                {o.status === 'requested' && (
                  <button type="button" className="btn btn-small btn-primary" onClick={() => void ship(o)}>
                    จัดส่ง
                  </button>
                )}
                {o.status === 'shipped' && (
                  <button type="button" className="btn btn-small btn-primary" onClick={() => void deliver(o)}>
                    ได้รับแล้ว
                  </button>
                )}
                {(o.status === 'requested' || o.status === 'shipped') && (
                  <button type="button" className="btn btn-small btn-danger" onClick={() => void cancel(o)}>
                    ยกเลิก
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
