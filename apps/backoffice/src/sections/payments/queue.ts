import type { Column, FilterField } from '../../components/DataTable';

/** The deposit and withdrawal queues (docs/rules/payments.md §3, §4): what both tables share. */

/** A queue's filters: the request's state (its own list of states), the member's phone. */
export const queueFilters = (statusOptions: NonNullable<FilterField['options']>): FilterField[] => [
  { name: 'status', label: 'สถานะ', type: 'select', options: statusOptions },
  { name: 'phone', label: 'เบอร์โทรสมาชิก', placeholder: '0812345678' },
];

/** The member who asked, by phone. */
export const memberColumn: Column<{ member: { phone: string } }> = {
  key: 'phone',
  header: 'สมาชิก',
  cell: (r) => r.member.phone,
  csv: (r) => r.member.phone,
};
