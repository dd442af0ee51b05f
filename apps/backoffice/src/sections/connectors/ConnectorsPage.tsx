import * as api from '@chok/contract/routes/admin-connectors';
import { type FormEvent, useEffect, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { Field, invalid } from '../../components/Field';
import { call, type Data, fieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';
import { useSession } from '../../stores/session';
import { kindLabel, secretLabel, sourceLabel } from './labels';

type Connector = Data<typeof api.connectorList>[number];

/**
 * Outside services (docs/rules/connectors.md): per connector its state, last success, last error, error
 * rate of the last 24 hours and which credentials are set and from where. The owner enters a credential
 * (sealed on the server, never shown again), removes one, and sends a test.
 */
export default function ConnectorsPage() {
  useEffect(() => {
    document.title = 'บริการภายนอก — Chok หลังบ้าน';
  }, []);
  const list = useApi(api.connectorList, {});
  const owner = useSession((s) => s.staff?.role === 'owner');
  return (
    <>
      <h1>บริการภายนอก</h1>
      <p className="hint">
        สถานะการเชื่อมต่อกับผู้ให้บริการภายนอก รหัสที่บันทึกจะถูกเข้ารหัสเก็บไว้และไม่แสดงอีก
        {owner ? '' : ' (เจ้าของระบบเท่านั้นที่แก้ไขรหัสและทดสอบส่งได้)'}
      </p>
      {list.isPending && <p>กำลังโหลด…</p>}
      {list.error && <p role="alert">{list.error.message}</p>}
      <div className="cards" style={{ gridTemplateColumns: '1fr' }}>
        {list.data?.map((c) => (
          <ConnectorCard key={c.code} c={c} owner={owner} />
        ))}
      </div>
    </>
  );
}

function ConnectorCard({ c, owner }: { c: Connector; owner: boolean }) {
  const percent = `${(c.error_rate_24h * 100).toFixed(c.error_rate_24h === 0 ? 0 : 1)}%`;
  const test = async () => {
    await confirm<{ message: string }>({
      title: `ทดสอบส่ง: ${c.label}`,
      message: 'ส่งข้อความทดสอบภาษาไทยถึงเบอร์มือถือที่กรอก',
      confirmLabel: 'ส่งทดสอบ',
      fields: [{ name: 'to', label: 'เบอร์มือถือผู้รับ', required: true }],
      action: (v) => call(api.testConnector, { code: c.code, ...(v.to ? { to: v.to } : {}) }),
      success: (r) => r.message,
    });
  };
  return (
    <section className="card" aria-labelledby={`connector-${c.code}`}>
      <h2 id={`connector-${c.code}`}>
        {c.label}{' '}
        <span className={`badge ${c.configured ? 'badge-ok' : 'badge-warn'}`}>
          {c.configured ? 'พร้อมใช้งาน' : 'ยังตั้งค่าไม่ครบ'}
        </span>
      </h2>
      <dl className="facts">
        <dt>ประเภท</dt>
        <dd>{kindLabel[c.kind] ?? c.kind}</dd>
        <dt>สำเร็จล่าสุด</dt>
        <dd>{c.last_ok_at ? formatDateTime(c.last_ok_at) : '—'}</dd>
        <dt>ผิดพลาดล่าสุด</dt>
        <dd>{c.last_error_at ? `${formatDateTime(c.last_error_at)} (${c.last_error ?? ''})` : '—'}</dd>
        <dt>อัตราผิดพลาด 24 ชั่วโมง</dt>
        <dd>
          {percent} ({c.errors_24h} จาก {c.calls_24h} ครั้ง)
        </dd>
      </dl>
      {c.secrets.length === 0 ? (
        <p className="hint">การเชื่อมต่อนี้ไม่ต้องใช้รหัส</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">รหัสของ{c.label}</caption>
          <thead>
            <tr>
              <th scope="col">รหัส</th>
              <th scope="col">สถานะ</th>
              <th scope="col">บันทึกเมื่อ</th>
              {owner && <th scope="col">จัดการ</th>}
            </tr>
          </thead>
          <tbody>
            {c.secrets.map((s) => (
              <tr key={s.name}>
                <td>{secretLabel(s.name)}</td>
                <td>
                  <span className={`badge ${s.source === 'unset' ? 'badge-warn' : 'badge-ok'}`}>
                    {sourceLabel[s.source]}
                  </span>
                </td>
                <td>{s.updated_at ? formatDateTime(s.updated_at) : '—'}</td>
                {owner && (
                  <td>
                    {s.source === 'env' ? (
                      <span className="hint">แก้ไขที่เซิร์ฟเวอร์</span>
                    ) : (
                      <SecretForm code={c.code} name={s.name} stored={s.source === 'console'} />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {owner && c.can_test && (
        <div className="row">
          <button type="button" className="btn" onClick={() => void test()}>
            ทดสอบส่ง
          </button>
        </div>
      )}
    </section>
  );
}

function SecretForm({ code, name, stored }: { code: string; name: string; stored: boolean }) {
  const [value, setValue] = useState('');
  const save = useAction(api.setConnectorSecret, {
    success: 'บันทึกรหัสแล้ว',
    refresh: [api.connectorList],
  });
  const remove = useAction(api.removeConnectorSecret, {
    success: 'ลบรหัสแล้ว',
    refresh: [api.connectorList],
  });
  const errors = fieldErrors(save.error);
  const id = `secret-${code}-${name}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ code, name, value }, { onSuccess: () => setValue('') });
  };
  const drop = async () => {
    const ok = await confirm({
      title: 'ลบรหัส',
      message: `ลบ${secretLabel(name)}ที่บันทึกไว้ การเชื่อมต่อนี้จะใช้งานไม่ได้จนกว่าจะบันทึกใหม่`,
      tone: 'danger',
      confirmLabel: 'ลบรหัส',
    });
    if (ok) remove.mutate({ code, name });
  };
  return (
    <form className="row" onSubmit={submit}>
      <Field
        id={id}
        label={stored ? `เปลี่ยน${secretLabel(name)}` : `ใส่${secretLabel(name)}`}
        error={errors.value}
      >
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          {...invalid(id, errors.value)}
        />
      </Field>
      <button type="submit" className="btn btn-small btn-primary" disabled={save.isPending}>
        บันทึก
      </button>
      {stored && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void drop()}
          disabled={remove.isPending}
        >
          ลบ
        </button>
      )}
    </form>
  );
}
