import { Link } from 'react-router';
import { useAgent } from '../stores/agent';

/** The operator's logo, linking home. */
export function Logo() {
  const agent = useAgent((s) => s.agentConfig);
  return (
    <Link to="/" className="logo" aria-label={agent ? `${agent.name} หน้าแรก` : 'หน้าแรก'}>
      {agent && <img src={agent.info.agent_logo} alt={agent.name} className="logo__img" />}
    </Link>
  );
}
