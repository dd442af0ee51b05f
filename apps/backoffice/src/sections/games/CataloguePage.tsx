import * as api from '@chok/contract/routes/admin-games';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { type Column, choiceFilter, DataTable, type RowOf } from '../../components/DataTable';
import { call } from '../../lib/api';
import { formatCount } from '../../lib/format';

type Provider = RowOf<NonNullable<(typeof api.gameProvidersAdmin)['endpoint']>>;
type Game = RowOf<NonNullable<(typeof api.gamesAdmin)['endpoint']>>;

const categoryLabels: Record<string, string> = {
  casino: 'คาสิโน',
  slot: 'สล็อต',
  sport: 'กีฬา',
  fishing: 'ยิงปลา',
  freespin: 'ซื้อฟรีสปิน',
};
const categoryLabel = (c: string) => categoryLabels[c] ?? c;
const yesNo = { true: 'ใช่', false: 'ไม่ใช่' };

/** A provider's or a game's state: shown to members or not. */
const activeColumn: Column<{ is_active: boolean }> = {
  key: 'is_active',
  header: 'สถานะ',
  csv: (r) => (r.is_active ? 'เปิด' : 'ปิด'),
  cell: (r) => (
    <span className={`badge ${r.is_active ? 'badge-ok' : 'badge-danger'}`}>{r.is_active ? 'เปิด' : 'ปิด'}</span>
  ),
};

/** Providers and the catalogue (owner): on/off, display order, the hot flag. */
export default function CataloguePage() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['api', api.gameProvidersAdmin.path] }),
      client.invalidateQueries({ queryKey: ['api', api.gamesAdmin.path] }),
    ]);

  const order = async (what: string, current: number, save: (n: number) => Promise<unknown>) => {
    await confirm({
      title: 'เปลี่ยนลำดับการแสดง',
      message: `${what} (เลขน้อยแสดงก่อน)`,
      confirmLabel: 'บันทึก',
      fields: [
        { name: 'sort_order', label: 'ลำดับ', type: 'number', required: true, initial: String(current) },
      ],
      action: (v) => save(Number(v.sort_order)),
      success: 'บันทึกลำดับแล้ว',
    });
    await refresh();
  };
  /** The button that asks for a row's new display order. */
  const orderButton = (what: string, current: number, save: (n: number) => Promise<unknown>) => (
    <button
      type="button"
      className="btn btn-small"
      aria-label={`เปลี่ยนลำดับ ${what}`}
      onClick={() => void order(what, current, save)}
    >
      เปลี่ยนลำดับ
    </button>
  );
  const toggleProvider = async (p: Provider) => {
    await confirm({
      title: p.is_active ? 'ปิดค่ายเกม' : 'เปิดค่ายเกม',
      message: p.is_active
        ? `ปิด ${p.name}: เกมทั้ง ${formatCount(p.games)} เกมของค่ายนี้จะไม่แสดงให้สมาชิก`
        : `เปิด ${p.name} ให้สมาชิกเห็นเกมที่เปิดอยู่ของค่ายนี้`,
      tone: p.is_active ? 'danger' : 'primary',
      confirmLabel: p.is_active ? 'ปิดค่าย' : 'เปิดค่าย',
      action: () => call(api.updateGameProvider, { id: p.id, is_active: !p.is_active }),
      success: p.is_active ? 'ปิดค่ายเกมแล้ว' : 'เปิดค่ายเกมแล้ว',
    });
    await refresh();
  };
  const toggleGame = async (g: Game, field: 'is_active' | 'is_hot') => {
    const on = !g[field];
    const words =
      field === 'is_active'
        ? {
            title: on ? 'เปิดเกม' : 'ปิดเกม',
            message: on ? `แสดง ${g.name} ให้สมาชิก` : `ซ่อน ${g.name} จากสมาชิก`,
          }
        : { title: on ? 'ตั้งเป็นเกมฮิต' : 'เลิกเป็นเกมฮิต', message: `${g.name}` };
    await confirm({
      title: words.title,
      message: words.message,
      tone: field === 'is_active' && !on ? 'danger' : 'primary',
      confirmLabel: words.title,
      action: () => call(api.updateGame, { id: g.id, [field]: on }),
      success: 'บันทึกแล้ว',
    });
    await refresh();
  };

  /** The button that switches a game's flag, named by what it will do. */
  const flagButton = (g: Game, field: 'is_active' | 'is_hot', label: string) => (
    <button
      type="button"
      className="btn btn-small"
      aria-label={`${label} ${g.name}`}
      onClick={() => void toggleGame(g, field)}
    >
      {label}
    </button>
  );

  return (
    <>
      <h1>ค่ายเกมและรายการเกม</h1>
      <DataTable
        route={api.gameProvidersAdmin}
        caption="ค่ายเกม"
        rowKey={(r) => r.id}
        columns={[
          { key: 'sort_order', header: 'ลำดับ', align: 'end' },
          { key: 'name', header: 'ค่ายเกม', cell: (r) => (r.in_house ? `${r.name} (เกมของเว็บ)` : r.name) },
          {
            key: 'games',
            header: 'เกมที่เปิด/ทั้งหมด',
            align: 'end',
            cell: (r) => `${formatCount(r.active_games)} / ${formatCount(r.games)}`,
          },
          activeColumn,
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (r) => (
              <div className="row">
                <button type="button" className="btn btn-small" onClick={() => void toggleProvider(r)}>
                  {r.is_active ? 'ปิดค่าย' : 'เปิดค่าย'}
                </button>
                {orderButton(`ค่าย ${r.name}`, r.sort_order, (n) =>
                  call(api.updateGameProvider, { id: r.id, sort_order: n }),
                )}
              </div>
            ),
          },
        ]}
      />
      <DataTable
        route={api.gamesAdmin}
        caption="รายการเกม"
        rowKey={(r) => r.id}
        filters={[
          { name: 'provider', label: 'รหัสค่าย' },
          choiceFilter('category', 'ประเภท', categoryLabels),
          { name: 'q', label: 'ชื่อเกม' },
          choiceFilter('active', 'เปิดอยู่', yesNo),
          choiceFilter('hot', 'เกมฮิต', yesNo),
        ]}
        columns={[
          { key: 'sort_order', header: 'ลำดับ', align: 'end' },
          { key: 'name', header: 'เกม' },
          { key: 'provider_name', header: 'ค่าย' },
          {
            key: 'categories',
            header: 'ประเภท',
            csv: (r) => r.categories.map(categoryLabel).join(' '),
            cell: (r) => r.categories.map(categoryLabel).join(', '),
          },
          activeColumn,
          {
            key: 'is_hot',
            header: 'เกมฮิต',
            csv: (r) => (r.is_hot ? 'ใช่' : ''),
            cell: (r) => (r.is_hot ? <span className="badge badge-warn">ฮิต</span> : '—'),
          },
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (r) => (
              <div className="row">
                {flagButton(r, 'is_active', r.is_active ? 'ปิดเกม' : 'เปิดเกม')}
                {flagButton(r, 'is_hot', r.is_hot ? 'เลิกฮิต' : 'ตั้งเป็นฮิต')}
                {orderButton(`เกม ${r.name}`, r.sort_order, (n) =>
                  call(api.updateGame, { id: r.id, sort_order: n }),
                )}
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
