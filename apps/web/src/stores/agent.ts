import type * as content from '@chok/contract/api/content';
import type { DataOf } from '@chok/contract/endpoint';
import { createRenderedStore } from './rendered';

export type AgentConfig = DataOf<typeof content.agentConfig>;
export type AgentBankAccount = DataOf<typeof content.agentBankAccounts>[number];
export type AgentTrueMoneyAccount = DataOf<typeof content.agentTrueMoneyAccounts>[number];

/**
 * Agent state (docs/rules/member-site.md §3): the operator's configuration, from the start-up payload
 * (so a page rendered on the server has the logo and contact address), and its receiving bank and
 * TrueMoney accounts, loaded for members (features/payments/DepositNotice.tsx). Not persisted: every
 * page load brings the configuration.
 */
interface AgentState {
  agentConfig: AgentConfig | null;
  agentBank: AgentBankAccount[];
  agentTrueMoney: AgentTrueMoneyAccount[];
  setAgentConfig: (config: AgentConfig) => void;
  /** A failed load (error not 0) leaves the lists empty (docs/rules/member-site.md §4). */
  setAccounts: (bank: AgentBankAccount[], trueMoney: AgentTrueMoneyAccount[]) => void;
}

export const useAgent = createRenderedStore<AgentState>((set) => ({
  agentConfig: null,
  agentBank: [],
  agentTrueMoney: [],
  setAgentConfig: (agentConfig) => set({ agentConfig }),
  setAccounts: (agentBank, agentTrueMoney) => set({ agentBank, agentTrueMoney }),
}));

/** The operator's agent id (34) for lotto, poll and affiliate calls (docs/rules/member-site.md §7). */
export const agentId = (): number => useAgent.getState().agentConfig?.agent_id ?? 34;
