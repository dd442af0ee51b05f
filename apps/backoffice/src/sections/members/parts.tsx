/** Small pieces the member pages share. */

const STATUS_TEXT: Record<string, string> = { active: 'ใช้งานได้', suspended: 'ระงับการเข้าสู่ระบบ' };

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={status === 'active' ? 'badge badge-ok' : 'badge badge-danger'}>
      {STATUS_TEXT[status] ?? status}
    </span>
  );
}
