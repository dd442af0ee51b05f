import * as reports from '@chok/contract/routes/admin-reports';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/api';
import { formatBaht, formatCount, formatDay } from '../../lib/format';
import { useApi } from '../../lib/query';
import { type Series, SvgChart } from './SvgChart';

const CATEGORY_COLORS: Record<string, string> = {
  lotto: '#e0a100',
  casino: '#d9534f',
  slot: '#4f9dff',
  sport: '#2fb36b',
  fishing: '#9b6bd6',
};

const num = (v: string) => Number(v);

/** Today and the last 30 Bangkok days of the ledger, for a manager to read at a glance. */
export default function DashboardPage() {
  useEffect(() => {
    document.title = 'แดชบอร์ด — Chok หลังบ้าน';
  }, []);
  const q = useApi(reports.dashboard, { days: 30 }, { refetchInterval: 60_000 });
  if (q.isError) return <p className="form-error">{errorMessage(q.error)}</p>;
  const data = q.data;
  if (!data) return <p className="loading">กำลังโหลด…</p>;
  const today = data.days[data.days.length - 1]!;
  const yesterday = data.days[data.days.length - 2];
  const labels = data.days.map((d) => formatDay(d.day, 'short'));

  const cards: [string, string, string | undefined][] = [
    ['ยอดฝาก', `${formatBaht(today.deposits)} บาท`, `${formatCount(today.deposit_count)} รายการ`],
    ['ยอดถอน', `${formatBaht(today.withdrawals)} บาท`, `${formatCount(today.withdrawal_count)} รายการ`],
    ['ฝาก − ถอน', `${formatBaht(num(today.deposits) - num(today.withdrawals))} บาท`, undefined],
    ['ยอดแทง', `${formatBaht(today.stake)} บาท`, `จ่ายรางวัล ${formatBaht(today.payout)} บาท`],
    [
      'กำไรจากการเล่น (GGR)',
      `${formatBaht(today.ggr)} บาท`,
      yesterday ? `เมื่อวาน ${formatBaht(yesterday.ggr)} บาท` : undefined,
    ],
    ['ต้นทุนโบนัสและรางวัล', `${formatBaht(today.bonus_cost)} บาท`, `ริบคืน ${formatBaht(today.forfeited)} บาท`],
    [
      'สมาชิกใหม่',
      `${formatCount(today.new_members)} คน`,
      yesterday ? `เมื่อวาน ${formatCount(yesterday.new_members)} คน` : undefined,
    ],
    ['สมาชิกที่เล่นหรือฝาก', `${formatCount(today.active_members)} คน`, undefined],
  ];

  const money: Series[] = [
    { name: 'ยอดฝาก', color: '#2fb36b', values: data.days.map((d) => num(d.deposits)) },
    { name: 'ยอดถอน', color: '#d9534f', values: data.days.map((d) => num(d.withdrawals)) },
  ];
  const ggr: Series[] = today.categories.map((c, i) => ({
    name: c.label,
    color: CATEGORY_COLORS[c.category] ?? '#888',
    values: data.days.map((d) => num(d.categories[i]?.ggr ?? '0')),
  }));
  const people: Series[] = [
    { name: 'สมาชิกที่เล่นหรือฝาก', color: '#4f9dff', values: data.days.map((d) => d.active_members) },
    { name: 'สมาชิกใหม่', color: '#e0a100', values: data.days.map((d) => d.new_members) },
  ];

  return (
    <>
      <h1>แดชบอร์ด</h1>
      <p className="hint">
        วันนี้ {formatDay(data.today)} และย้อนหลัง 30 วัน (เวลาประเทศไทย) คำนวณจากรายการเดินบัญชี อัปเดตทุก 1 นาที
      </p>
      <section aria-labelledby="today-h">
        <h2 id="today-h">วันนี้</h2>
        <div className="cards">
          {cards.map(([label, value, sub]) => (
            <div key={label} className="card">
              <div className="hint">{label}</div>
              <div className="num" style={{ fontSize: '1.4rem', fontWeight: 600 }}>
                {value}
              </div>
              {sub && <div className="hint">{sub}</div>}
            </div>
          ))}
        </div>
      </section>

      <section className="card" aria-labelledby="cat-h" style={{ marginTop: '1rem' }}>
        <h2 id="cat-h">แยกตามประเภทเกม วันนี้</h2>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">ยอดแทง จ่ายรางวัล และกำไรแยกตามประเภทเกม วันนี้</caption>
            <thead>
              <tr>
                <th scope="col">ประเภท</th>
                <th scope="col">ยอดแทง (บาท)</th>
                <th scope="col">จ่ายรางวัล (บาท)</th>
                <th scope="col">กำไร GGR (บาท)</th>
                <th scope="col">GGR 30 วัน (บาท)</th>
              </tr>
            </thead>
            <tbody>
              {today.categories.map((c, i) => (
                <tr key={c.category}>
                  <th scope="row">
                    <span aria-hidden="true" style={{ color: CATEGORY_COLORS[c.category] }}>
                      ●{' '}
                    </span>
                    {c.label}
                  </th>
                  <td className="num">{formatBaht(c.stake)}</td>
                  <td className="num">{formatBaht(c.payout)}</td>
                  <td className="num">{formatBaht(c.ggr)}</td>
                  <td className="num">{formatBaht(data.total.categories[i]?.ggr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div
        className="cards"
        style={{ marginTop: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))' }}
      >
        <SvgChart title="ยอดฝากเทียบยอดถอน 30 วัน (บาท)" labels={labels} series={money} kind="bars" />
        <SvgChart
          title="กำไรจากการเล่น (GGR) แยกประเภท 30 วัน (บาท)"
          labels={labels}
          series={ggr}
          kind="lines"
        />
        <SvgChart
          title="สมาชิกที่เล่นหรือฝาก และสมาชิกใหม่ 30 วัน (คน)"
          labels={labels}
          series={people}
          kind="bars"
        />
        <section className="card" aria-labelledby="cost-h">
          <h2 id="cost-h">ต้นทุนโบนัสและรางวัล 30 วัน</h2>
          {data.total.costs.length === 0 ? (
            <p className="empty">ไม่มีการจ่ายโบนัสหรือรางวัล</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">ต้นทุนโบนัสและรางวัลแยกตามที่มา 30 วัน</caption>
              <thead>
                <tr>
                  <th scope="col">ที่มา</th>
                  <th scope="col">จำนวน (บาท)</th>
                </tr>
              </thead>
              <tbody>
                {data.total.costs.map((c) => (
                  <tr key={c.source}>
                    <th scope="row">{c.label}</th>
                    <td className="num">{formatBaht(c.amount)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">หักยอดที่ริบคืน</th>
                  <td className="num">
                    {Number(data.total.forfeited) > 0 ? '−' : ''}
                    {formatBaht(data.total.forfeited)}
                  </td>
                </tr>
                <tr>
                  <th scope="row">รวมต้นทุนสุทธิ</th>
                  <td className="num">{formatBaht(data.total.bonus_cost)}</td>
                </tr>
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
