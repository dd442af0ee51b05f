import { useId } from 'react';
import { Dialog } from './Dialog';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, text, confirmText, cancelText, onConfirm, onCancel }: Props) {
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      width={360}
      persistent
      className="dialog--confirm"
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {cancelText}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {confirmText}
          </button>
        </>
      }
    >
      <p id={textId} className="confirm-text">
        {text}
      </p>
    </Dialog>
  );
}
