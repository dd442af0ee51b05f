import * as admin from '@chok/contract/routes/admin';
import * as rewards from '@chok/contract/routes/admin-rewards';
import { useId } from 'react';
import { Field, invalid, SaveButton, SubmitForm } from '../../components/Field';
import { AgentPreview } from '../../components/Preview';
import { fieldErrors } from '../../lib/api';
import { useSettingsForm } from '../../lib/editor';
import { formatDateTime } from '../../lib/format';

type Form = { name: string; agent_logo: string; line_admin_url: string; line_contact_url: string };

/** The operator's name, logo and chat-contact links, with the member site's header as a preview. */
export default function AgentPage() {
  const { settings, save, values, setValues } = useSettingsForm(
    rewards.adminAgentConfig,
    admin.updateAgentConfig,
    'บันทึกการตั้งค่าเว็บไซต์แล้ว',
    ({ name, agent_logo, line_admin_url, line_contact_url }): Form => ({
      name,
      agent_logo,
      line_admin_url,
      line_contact_url,
    }),
  );
  const id = useId();
  const errors = fieldErrors(save.error);

  if (!values) {
    return (
      <>
        <h1>โลโก้และช่องทางติดต่อ</h1>
        <p className={settings.isError ? 'form-error' : 'loading'}>
          {settings.isError ? settings.error.message : 'กำลังโหลด…'}
        </p>
      </>
    );
  }

  const set = (k: keyof Form, v: string) => setValues({ ...values, [k]: v });
  const input = (k: keyof Form, label: string, hint?: string) => {
    const fid = `${id}-${k}`;
    return (
      <Field id={fid} label={label} error={errors[k]} {...(hint ? { hint } : {})}>
        <input
          id={fid}
          value={values[k]}
          onChange={(e) => set(k, e.target.value)}
          {...invalid(fid, errors[k])}
        />
      </Field>
    );
  };

  const ask = {
    title: 'บันทึกการตั้งค่าเว็บไซต์',
    message: 'โลโก้และช่องทางติดต่อใหม่จะแสดงบนหน้าเว็บสมาชิกทันที',
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    save.mutate(values);
  };

  return (
    <>
      <h1>โลโก้และช่องทางติดต่อ</h1>
      <p className="hint">
        รหัสเว็บไซต์ {settings.data?.agent_code} · แก้ไขล่าสุด {formatDateTime(settings.data?.updated_at)}
      </p>
      <div className="editor">
        <SubmitForm
          ask={ask}
          label="ตั้งค่าเว็บไซต์"
          error={{ error: save.error, fields: errors }}
          onSubmit={submit}
        >
          {input('name', 'ชื่อเว็บไซต์')}
          {input('agent_logo', 'ที่อยู่รูปโลโก้', 'แสดงที่หัวเว็บ สูงไม่เกิน 40 พิกเซล')}
          {input('line_contact_url', 'ลิงก์แชทกับเจ้าหน้าที่', 'ปุ่มแชทสีเขียวมุมขวาล่าง')}
          {input('line_admin_url', 'ลิงก์ไลน์แอดมิน')}
          <SaveButton saving={save.isPending} />
        </SubmitForm>
        <AgentPreview
          name={values.name}
          logo={values.agent_logo}
          lineAdmin={values.line_admin_url}
          lineContact={values.line_contact_url}
        />
      </div>
    </>
  );
}
