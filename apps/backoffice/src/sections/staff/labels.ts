import type { StaffRole } from '@chok/contract/endpoint';

export const roleOptions: readonly { value: StaffRole; label: string }[] = [
  { value: 'owner', label: 'เจ้าของ' },
  { value: 'finance', label: 'การเงิน' },
  { value: 'lotto', label: 'หวย' },
  { value: 'support', label: 'บริการลูกค้า' },
  { value: 'content', label: 'คอนเทนต์' },
];
export const roleLabel = (role: string) => roleOptions.find((r) => r.value === role)?.label ?? role;
