import { type TransferKind, transferKinds } from './kinds.ts';

/** One statement line as the ledger holds it, with the game's catalogue name when it is a game's. */
export interface StatementLine {
  kind: TransferKind;
  direction: 'in' | 'out';
  reference: string | null;
  game_name: string | null;
}

/**
 * The Thai words a member reads for a statement line. References are internal (`lotto:bill:12`,
 * `DEP-5`, `chok:31`) and never shown as they are: each format other modules write is read back
 * into words here, and a reference this does not know falls back to the kind's label.
 */
export function describeLine(line: StatementLine): string {
  const ref = line.reference ?? '';
  const label = transferKinds[line.kind].label;
  const bill = /^lotto:bill:(\d+)$/.exec(ref)?.[1];
  const deposit = /^DEP-(\d+)$/.exec(ref)?.[1];
  const withdrawal = /^WD-(\d+)$/.exec(ref)?.[1];
  const game = line.game_name;

  switch (line.kind) {
    case 'deposit':
      if (deposit) return `ฝากเงิน รายการ #${deposit}`;
      if (/^STMT-\d+$/.test(ref)) return 'ฝากเงิน (ตรวจพบจากรายการเดินบัญชี)';
      return 'ฝากเงิน';
    case 'withdraw_hold':
      return withdrawal ? `ถอนเงิน รายการ #${withdrawal}` : 'ถอนเงิน';
    case 'withdraw_release':
      return withdrawal ? `คืนยอดถอน รายการ #${withdrawal}` : label;
    case 'withdraw_paid':
      return withdrawal ? `จ่ายยอดถอน รายการ #${withdrawal}` : label;
    case 'bet':
      if (bill) return `ซื้อหวย บิล #${bill}`;
      return game ? `เดิมพันเกม ${game}` : 'เดิมพันเกม';
    case 'win':
      if (bill) return `ถูกรางวัลหวย บิล #${bill}`;
      return game ? `ได้รางวัลจากเกม ${game}` : 'ได้รางวัลจากเกม';
    case 'refund':
      if (bill) return `คืนเงินหวย บิล #${bill}`;
      return game ? `คืนเงินเดิมพันเกม ${game}` : 'คืนเงินเดิมพัน';
    case 'bonus': {
      const yeekee = /^lotto:yeekee_reward:\d+:(\d+)$/.exec(ref)?.[1];
      if (yeekee) return `รางวัลผู้ยิงเลขหวยยี่กี ลำดับที่ ${yeekee}`;
      return isTitle(ref) ? `โบนัสโปรโมชั่น ${ref}` : 'โบนัส';
    }
    case 'demo_credit':
      return label;
    case 'adjustment': {
      if (/^lotto:debt:\d+$/.test(ref)) return 'หักชำระยอดค้างจากการแก้ไขผลหวย';
      const reversed = /^lotto:win_reversal:(\d+)$/.exec(ref)?.[1];
      if (reversed) return `เรียกคืนเงินรางวัลหวย บิล #${reversed} (แก้ไขผลรางวัล)`;
      return label;
    }
    case 'reward':
      // Reward features write what the member won in Thai words (docs/rules/engagement.md).
      return isTitle(ref) ? ref : label;
    case 'forfeit':
      if (ref === 'freecredit:release') return 'ตัดยอดเครดิตฟรีส่วนที่เกินยอดถอนสูงสุด';
      if (ref === 'freecredit:closeout') return 'ตัดยอดเครดิตฟรีคงเหลือต่ำกว่า 1 บาท';
      return isTitle(ref) ? `ตัดยอดโบนัสคงเหลือ โปรโมชั่น ${ref}` : label;
    case 'wallet_move':
      if (ref === 'freecredit:release') return 'ย้ายเครดิตฟรีที่ทำเทิร์นครบเข้ากระเป๋าหลัก';
      if (deposit) return `ย้ายยอดฝาก #${deposit} เข้ากระเป๋าโปรโมชั่น`;
      return isTitle(ref) ? `ย้ายยอดโปรโมชั่น ${ref} เข้ากระเป๋าหลัก` : label;
    case 'debt_recovery':
      return label;
  }
}

/**
 * A free-text reference (payments writes a promotion's title), not an internal code: internal codes
 * (`lotto:bill:1`, `DEP-5`, `demo`) are one printable-ASCII word, a title has a space or Thai letters.
 */
function isTitle(ref: string): boolean {
  return ref !== '' && !/^[\x21-\x7e]+$/.test(ref);
}
