import * as line from '@chok/contract/routes/line';
import { useId, useState } from 'react';
import { Field, invalid, SaveButton, SubmitForm } from '../../components/Field';
import { fieldErrors } from '../../lib/api';
import { useAction } from '../../lib/query';

/**
 * An important announcement sent on LINE to every member who linked LINE and opted into announcements
 * (docs/rules/connectors.md §5); the send job delivers it by multicast within about a minute.
 */
export default function LineAnnouncePage() {
  const [text, setText] = useState('');
  const id = useId();
  const send = useAction(line.lineAnnounce, {
    success: (d) => `ส่งประกาศเข้าคิวให้สมาชิก ${d.queued.toLocaleString('th-TH')} คนแล้ว`,
  });
  const errors = fieldErrors(send.error);

  const ask = {
    title: 'ส่งประกาศทางไลน์',
    message: 'ประกาศนี้จะถูกส่งทางไลน์ให้สมาชิกทุกคนที่เลือกรับประกาศสำคัญ ส่งแล้วยกเลิกไม่ได้',
    confirmLabel: 'ส่งประกาศ',
  };
  const submit = () => {
    send.mutate({ text }, { onSuccess: () => setText('') });
  };

  return (
    <>
      <h1>ประกาศทางไลน์</h1>
      <p className="hint">
        ส่งถึงสมาชิกที่เชื่อมบัญชีไลน์และเลือกรับประกาศสำคัญในหน้าข้อมูลส่วนตัว ข้อความขึ้นต้นด้วย “โชค: ประกาศ”
      </p>
      <SubmitForm
        ask={ask}
        label="ส่งประกาศทางไลน์"
        error={{ error: send.error, fields: errors }}
        onSubmit={submit}
      >
        <Field id={id} label="ข้อความประกาศ" error={errors.text} hint="ไม่เกิน 1,000 ตัวอักษร">
          <textarea
            id={id}
            rows={5}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...invalid(id, errors.text)}
          />
        </Field>
        <SaveButton
          saving={send.isPending}
          disabled={text.trim() === ''}
          label="ส่งประกาศ"
          savingLabel="กำลังส่ง…"
        />
      </SubmitForm>
    </>
  );
}
