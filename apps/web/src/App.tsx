import { useEffect, useState } from 'react';

interface AgentConfig {
  name: string;
  info: { agent_logo: string; line_contact_url: string };
}

/** Placeholder shell until the member-site issue lands: shows the operator's logo and contact link. */
export function App() {
  const [agent, setAgent] = useState<AgentConfig | null>(null);
  useEffect(() => {
    fetch('/api/agent/config', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
      .then((r) => r.json())
      .then((body: { error: number; data: AgentConfig }) => {
        if (body.error === 0) setAgent(body.data);
      })
      .catch(() => {});
  }, []);
  return (
    <main
      style={{
        minHeight: '100vh',
        background: '#121212',
        color: '#fff',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <div style={{ textAlign: 'center' }}>
        {agent && (
          <img src={agent.info.agent_logo} alt={agent.name} style={{ maxWidth: 150, maxHeight: 48 }} />
        )}
        <p>ระบบกำลังเปิดให้บริการเร็ว ๆ นี้</p>
        {agent && (
          <a href={agent.info.line_contact_url} target="_blank" rel="noreferrer" style={{ color: '#FE5354' }}>
            ติดต่อเรา
          </a>
        )}
      </div>
    </main>
  );
}
