import * as adminProtection from '@chok/contract/routes/admin-protection';
import { useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { BLOCK, CHOICE, KIND, PERIOD } from './labels';

/** One member's protection state and 12 months of changes (docs/rules/protection.md §7.1), read only. */
export default function ProtectionMemberPage() {
  const id = Number(useParams().id);
  const state = useApi(
    adminProtection.adminProtectionMember,
    { id },
    { enabled: Number.isInteger(id) && id > 0 },
  );
  if (state.error) return <p role="alert">{errorMessage(state.error)}</p>;
  const d = state.data;
  if (!d) return <p aria-busy="true">กำลังโหลด…</p>;
  return (
    <div className="page">
      <h1>การคุ้มครองของสมาชิก #{d.member_id}</h1>
      <p data-testid="protection-block">
        {d.block
          ? `${BLOCK[d.block.kind]} ${CHOICE[d.block.choice]} ตั้งแต่ ${formatDateTime(d.block.started_at)} ${
              d.block.until ? `ถึง ${formatDateTime(d.block.until)}` : '(ถาวร)'
            }`
          : 'ไม่ได้พักหรือระงับการเล่น'}
      </p>
      <p>แจ้งเตือนเวลาเล่น: {d.reality_check_minutes ? `ทุก ${d.reality_check_minutes} นาที` : 'ปิด'}</p>
      <table>
        <caption>วงเงินที่สมาชิกตั้ง</caption>
        <thead>
          <tr>
            <th scope="col">วงเงิน</th>
            <th scope="col">ที่ใช้อยู่</th>
            <th scope="col">รอมีผล</th>
            <th scope="col">ใช้ไปในรอบนี้</th>
            <th scope="col">เริ่มรอบใหม่</th>
          </tr>
        </thead>
        <tbody>
          {d.limits.map((l) => (
            <tr key={`${l.kind}-${l.period}`}>
              <th scope="row">
                {KIND[l.kind]}
                {PERIOD[l.period]}
              </th>
              <td>{l.amount ? formatBaht(l.amount) : 'ไม่จำกัด'}</td>
              <td>
                {l.pending_from
                  ? `${l.pending_amount ? formatBaht(l.pending_amount) : 'ยกเลิก'} เมื่อ ${formatDateTime(l.pending_from)}`
                  : '-'}
              </td>
              <td>{formatBaht(l.used)}</td>
              <td>{formatDateTime(l.resets_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>การเปลี่ยนแปลง 12 เดือน</h2>
      {d.changes.length === 0 ? (
        <p>ยังไม่มีการเปลี่ยนแปลง</p>
      ) : (
        <ul>
          {d.changes.map((c) => (
            <li key={`${c.at}-${c.description}`}>
              {formatDateTime(c.at)} {c.description}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
