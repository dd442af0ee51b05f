import { useAgent } from '../stores/agent';
import { ChatIcon } from './Icons';

/** The floating chat-contact button (bottom right), opening the operator's chat in a new tab. */
export function ChatButton() {
  const url = useAgent((s) => s.agentConfig?.info.line_contact_url);
  if (!url) return null;
  return (
    <a className="chat-fab" href={url} target="_blank" rel="noopener noreferrer" aria-label="แชทกับเจ้าหน้าที่">
      <ChatIcon size={26} />
    </a>
  );
}
