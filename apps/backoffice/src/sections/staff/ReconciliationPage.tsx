import * as admin from '@chok/contract/routes/admin';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';

const walletLabels: Record<number, string> = { 1: 'กระเป๋าหลัก', 2: 'กระเป๋าโบนัส', 3: 'กระเป๋าเครดิตฟรี' };

/** The ledger reconciliation report (owner, finance): member balances against their transfers. */
export default function ReconciliationPage() {
  const r = useApi(admin.reconciliation, {}, { staleTime: 0 });
  const d = r.data;
  return (
    <>
      <h1>กระทบยอดบัญชี</h1>
      <div className="row">
        <button type="button" className="btn" disabled={r.isFetching} onClick={() => void r.refetch()}>
          {r.isFetching ? 'กำลังตรวจ…' : 'ตรวจอีกครั้ง'}
        </button>
        {r.dataUpdatedAt > 0 && (
          <span className="hint">ตรวจเมื่อ {formatDateTime(new Date(r.dataUpdatedAt).toISOString())}</span>
        )}
      </div>
      {r.isError && <p className="form-error">{(r.error as Error).message}</p>}
      {d && (
        <>
          <div className="cards" role="status">
            <section className="card" aria-labelledby="rec-accounts">
              <h2 id="rec-accounts">บัญชีสมาชิกที่ตรวจ</h2>
              <p className="num">{d.member_accounts.toLocaleString('th-TH')}</p>
            </section>
            <section className="card" aria-labelledby="rec-mismatch">
              <h2 id="rec-mismatch">ยอดไม่ตรง</h2>
              <p className={`badge ${d.mismatches.length === 0 ? 'badge-ok' : 'badge-danger'}`}>
                {d.mismatches.length === 0 ? 'ตรงทุกบัญชี' : `${d.mismatches.length} บัญชี`}
              </p>
            </section>
            <section className="card" aria-labelledby="rec-net">
              <h2 id="rec-net">ผลรวมทุกรายการโอน</h2>
              <p className={`badge ${Number(d.net) === 0 ? 'badge-ok' : 'badge-danger'}`}>
                {formatBaht(d.net)} บาท {Number(d.net) === 0 ? '(สมดุล)' : '(ไม่สมดุล)'}
              </p>
            </section>
          </div>
          {d.mismatches.length > 0 && (
            <div className="table-scroll">
              <table className="table">
                <caption>บัญชีที่ยอดคงเหลือไม่ตรงกับรายการโอน</caption>
                <thead>
                  <tr>
                    <th scope="col">บัญชี</th>
                    <th scope="col">สมาชิก</th>
                    <th scope="col">กระเป๋า</th>
                    <th scope="col" className="num">
                      ยอดคงเหลือ
                    </th>
                    <th scope="col" className="num">
                      ยอดจากรายการโอน
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.mismatches.map((m) => (
                    <tr key={m.account_id}>
                      <td>{m.account_id}</td>
                      <td>{m.member_id}</td>
                      <td>{walletLabels[m.wallet_type_id] ?? m.wallet_type_id}</td>
                      <td className="num">{formatBaht(m.balance)}</td>
                      <td className="num">{formatBaht(m.derived)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="table-scroll">
            <table className="table">
              <caption>ยอดบัญชีระบบ</caption>
              <thead>
                <tr>
                  <th scope="col">บัญชี</th>
                  <th scope="col" className="num">
                    ยอด (บาท)
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.system_balances.map((s) => (
                  <tr key={s.code}>
                    <td>
                      <code>{s.code}</code>
                    </td>
                    <td className="num">{formatBaht(s.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
