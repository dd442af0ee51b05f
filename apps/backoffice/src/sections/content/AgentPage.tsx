import * as admin from '@chok/contract/routes/admin';
import * as rewards from '@chok/contract/routes/admin-rewards';
import { useEffect, useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { Field, FormError, invalid } from '../../components/Field';
import { AgentPreview } from '../../components/Preview';
import { fieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';

type Form = { name: string; agent_logo: string; line_admin_url: string; line_contact_url: string };

/** The operator's name, logo and chat-contact links, with the member site's header as a preview. */
export default function AgentPage() {
  const config = useApi(rewards.adminAgentConfig, {});
  const save = useAction(admin.updateAgentConfig, {
    success: 'บันทึกการตั้งค่าเว็บไซต์แล้ว',
    refresh: [rewards.adminAgentConfig],
  });
  const [form, setForm] = useState<Form | null>(null);
  const id = useId();
  const errors = fieldErrors(save.error);

  useEffect(() => {
    if (config.data && form === null) {
      const { name, agent_logo, line_admin_url, line_contact_url } = config.data;
      setForm({ name, agent_logo, line_admin_url, line_contact_url });
    }
  }, [config.data, form]);

  if (!form) {
    return (
      <>
        <h1>โลโก้และช่องทางติดต่อ</h1>
        <p className={config.isError ? 'form-error' : 'loading'}>
          {config.isError ? config.error.message : 'กำลังโหลด…'}
        </p>
      </>
    );
  }

  const set = (k: keyof Form, v: string) => setForm({ ...form, [k]: v });
  const input = (k: keyof Form, label: string, hint?: string) => {
    const fid = `${id}-${k}`;
    return (
      <Field id={fid} label={label} error={errors[k]} {...(hint ? { hint } : {})}>
        <input
          id={fid}
          value={form[k]}
          onChange={(e) => set(k, e.target.value)}
          {...invalid(fid, errors[k])}
        />
      </Field>
    );
  };

  const submit = async () => {
    const answer = await confirm({
      title: 'บันทึกการตั้งค่าเว็บไซต์',
      message: 'โลโก้และช่องทางติดต่อใหม่จะแสดงบนหน้าเว็บสมาชิกทันที',
      confirmLabel: 'บันทึก',
    });
    if (answer) save.mutate(form);
  };

  return (
    <>
      <h1>โลโก้และช่องทางติดต่อ</h1>
      <p className="hint">
        รหัสเว็บไซต์ {config.data?.agent_code} · แก้ไขล่าสุด {formatDateTime(config.data?.updated_at)}
      </p>
      <div className="editor">
        <form
          className="card"
          aria-label="ตั้งค่าเว็บไซต์"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormError error={save.error} fields={errors} />
          {input('name', 'ชื่อเว็บไซต์')}
          {input('agent_logo', 'ที่อยู่รูปโลโก้', 'แสดงที่หัวเว็บ สูงไม่เกิน 40 พิกเซล')}
          {input('line_contact_url', 'ลิงก์แชทกับเจ้าหน้าที่', 'ปุ่มแชทสีเขียวมุมขวาล่าง')}
          {input('line_admin_url', 'ลิงก์ไลน์แอดมิน')}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'กำลังบันทึก…' : 'บันทึก'}
          </button>
        </form>
        <AgentPreview
          name={form.name}
          logo={form.agent_logo}
          lineAdmin={form.line_admin_url}
          lineContact={form.line_contact_url}
        />
      </div>
    </>
  );
}
